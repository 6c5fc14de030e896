import { expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from "@playwright/test";
import { createAccount, signInToken, type Product, type TestAccount } from "./support/accounts";
import { e2eDb, ownerEmail } from "./support/database";
import { test } from "./support/test";

/**
 * The documents feeds JSON API (/api/documents-feed and /api/documents-options; SPEC.md sections 3, 4 and 9):
 * list, create (every 15 or 60 minutes), read, edit (the FTP password kept for the same server and login),
 * PATCH {active}, the 405s, and who may reach what. Documents subscribers sign in on the corp platform.
 */

type Playwright = PlaywrightWorkerArgs["playwright"];

interface Client {
  account: TestAccount;
  request: APIRequestContext;
}

interface Option {
  value: string;
  label: string;
}

async function clientFor(
  playwright: Playwright,
  options: { products?: Product[]; isAdmin?: boolean } = { products: ["documents"] },
): Promise<Client> {
  const baseURL = test.info().project.use.baseURL;
  const account = await createAccount(options);
  const signIn = await playwright.request.newContext({ baseURL });
  const token = await signInToken(signIn, account, "corp");
  await signIn.dispose();
  return { account, request: await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } }) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; the statuses and listed fields are asserted
async function expectJson(response: APIResponse, status: number): Promise<any> {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text.slice(0, 300)}`).toBe(status);
  return JSON.parse(text);
}

async function documentsOptions(client: Client): Promise<Record<string, Option[]>> {
  return expectJson(await client.request.get("/api/documents-options"), 200);
}

async function createFeed(client: Client, data: Record<string, unknown>): Promise<string> {
  return (await expectJson(await client.request.post("/api/documents-feed", { data }), 201)).id;
}

async function feedRow(id: string) {
  return e2eDb()
    .selectFrom("feeds")
    .select(["frequency", "status", "next_run_at", "delivery", "name"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

async function listIds(client: Client, query = ""): Promise<string[]> {
  const body = await expectJson(await client.request.get(`/api/documents-feed${query}`), 200);
  return body.feeds.map((feed: { id: string }) => feed.id);
}

const feedNotFound = { error: "The feed you are trying to edit could not be found." };
const invalidOption = "Please choose one of the listed options.";

test("a documents subscriber lists, creates, reads, edits and turns feeds on and off", async ({ playwright }) => {
  const owner = await clientFor(playwright);
  const options = await documentsOptions(owner);
  expect(options.countries!.length).toBeGreaterThan(0);
  expect(options.deliveryFormats!.map((option) => option.value)).toEqual(["json", "xml"]);
  const country = options.countries![0]!.value;

  expect(await listIds(owner)).toEqual([]);

  // frequency as a number and as text: 15 and 60, stored as the core's schedule.
  const created = await expectJson(
    await owner.request.post("/api/documents-feed", {
      data: { name: "Every quarter hour", frequency: 15, keyword: "covering", country: [country] },
    }),
    201,
  );
  expect(created).toEqual({ id: expect.any(String), preview: { total: expect.any(Number) } });
  const quarter = created.id as string;
  const hourly = await createFeed(owner, { name: "Hourly", frequency: "60", keyword: "covering", deliveryFormat: "xml" });
  const numberHourly = await createFeed(owner, { name: "Hourly as a number", frequency: 60, country: [country], active: false });
  const textQuarter = await createFeed(owner, { name: "Quarter as text", frequency: "15", keyword: "covering", active: "false" });
  expect(await feedRow(quarter)).toMatchObject({ frequency: "every-15-minutes", status: "active" });
  expect(await feedRow(hourly)).toMatchObject({ frequency: "every-60-minutes", status: "active" });
  expect(await feedRow(numberHourly)).toMatchObject({ frequency: "every-60-minutes", status: "inactive", next_run_at: null });
  expect(await feedRow(textQuarter)).toMatchObject({ frequency: "every-15-minutes", status: "inactive", next_run_at: null });
  // An active feed is scheduled one period on: 15 minutes for the quarter-hour feed.
  const scheduled = Date.parse((await feedRow(quarter)).next_run_at!);
  expect(scheduled - Date.now()).toBeGreaterThan(10 * 60_000);
  expect(scheduled - Date.now()).toBeLessThanOrEqual(15 * 60_000);

  // Other frequencies are refused, whatever their type.
  for (const frequency of [30, "30", "daily", "weekly", 0, true]) {
    const body = await expectJson(
      await owner.request.post("/api/documents-feed", { data: { name: "Wrong", frequency, keyword: "covering" } }),
      422,
    );
    expect(body.errors, `frequency ${JSON.stringify(frequency)}`).toEqual({ frequency: invalidOption });
  }
  // No criterion, and a made-up country.
  expect(
    (await expectJson(await owner.request.post("/api/documents-feed", { data: { name: "Nothing", frequency: 15 } }), 422)).errors,
  ).toEqual({
    keyword: "Please enter a keyword or choose at least one country, language, format, industry, publication type, source or topic.",
  });
  expect(
    (await expectJson(await owner.request.post("/api/documents-feed", { data: { name: "Made up", country: ["XX-not-a-country"] } }), 422))
      .errors,
  ).toMatchObject({ country: invalidOption });

  // The list, and its status filter.
  expect((await listIds(owner)).sort()).toEqual([quarter, hourly, numberHourly, textQuarter].sort());
  expect((await listIds(owner, "?status=active")).sort()).toEqual([quarter, hourly].sort());
  expect((await listIds(owner, "?status=inactive")).sort()).toEqual([numberHourly, textQuarter].sort());

  // GET ?id= one feed.
  expect(await expectJson(await owner.request.get(`/api/documents-feed?id=${quarter}`), 200)).toMatchObject({
    id: quarter,
    name: "Every quarter hour",
    status: "active",
    username: owner.account.email,
    criteria: { keyword: "covering", country: [country] },
    options: { format: "json" },
    delivery: { method: "platform", ftp: null },
  });
  expect(await expectJson(await owner.request.get(`/api/documents-feed?id=${hourly}`), 200)).toMatchObject({ options: { format: "xml" } });
  expect(await expectJson(await owner.request.get("/api/documents-feed?id=no-such-feed"), 404)).toEqual(feedNotFound);

  // PUT ?id= the whole feed.
  expect(
    await expectJson(
      await owner.request.put(`/api/documents-feed?id=${quarter}`, {
        data: { name: "Now hourly", frequency: 60, keyword: "covering", country: [country], active: false },
      }),
      200,
    ),
  ).toEqual({ id: quarter });
  expect(await feedRow(quarter)).toMatchObject({
    name: "Now hourly",
    frequency: "every-60-minutes",
    status: "inactive",
    next_run_at: null,
  });
  expect(
    (
      await expectJson(
        await owner.request.put(`/api/documents-feed?id=${quarter}`, { data: { name: "Bad", frequency: 30, keyword: "x" } }),
        422,
      )
    ).errors,
  ).toEqual({ frequency: invalidOption });
  expect(await expectJson(await owner.request.put("/api/documents-feed", { data: { name: "No id", keyword: "x" } }), 422)).toEqual({
    errors: { id: "Please fill out this field." },
  });

  // PATCH ?id= {active}: on schedules the next run one period on, off unschedules it.
  expect(await expectJson(await owner.request.patch(`/api/documents-feed?id=${quarter}`, { data: { active: true } }), 200)).toEqual({
    id: quarter,
    status: "active",
  });
  const activated = await feedRow(quarter);
  expect(activated.status).toBe("active");
  expect(Date.parse(activated.next_run_at!) - Date.now()).toBeGreaterThan(50 * 60_000);
  expect(await listIds(owner, "?status=active")).toContain(quarter);
  expect(await expectJson(await owner.request.patch(`/api/documents-feed?id=${quarter}`, { data: { active: false } }), 200)).toEqual({
    id: quarter,
    status: "inactive",
  });
  expect(await feedRow(quarter)).toMatchObject({ status: "inactive", next_run_at: null });
  for (const active of ["yes", 1, null, "maybe", []]) {
    const body = await expectJson(await owner.request.patch(`/api/documents-feed?id=${quarter}`, { data: { active } }), 422);
    expect(body, `active ${JSON.stringify(active)}`).toEqual({ errors: { active: invalidOption } });
  }
  expect(await expectJson(await owner.request.patch(`/api/documents-feed?id=${quarter}`, { data: {} }), 422)).toEqual({
    errors: { active: invalidOption },
  });
  expect(await expectJson(await owner.request.patch("/api/documents-feed?id=no-such-feed", { data: { active: true } }), 404)).toEqual(
    feedNotFound,
  );
  expect(await feedRow(quarter)).toMatchObject({ status: "inactive", next_run_at: null });
  await owner.request.dispose();
});

test("an edit without the FTP password keeps it for the same host, port and username, and asks for it otherwise", async ({
  playwright,
}) => {
  const owner = await clientFor(playwright);
  const ftp = {
    name: "By FTP",
    frequency: 15,
    keyword: "covering",
    deliveryMethod: "ftp",
    ftpHost: "ftp.example.com",
    ftpPort: 2121,
    ftpPath: "/incoming",
    ftpUsername: "reader",
    ftpPassword: "s3cret-ftp",
  };
  const id = await createFeed(owner, ftp);
  const stored = JSON.parse((await feedRow(id)).delivery) as { ftp: { host: string; passwordEncrypted: string } };
  expect(stored.ftp.host).toBe("ftp://ftp.example.com:2121");
  expect(JSON.stringify(stored)).not.toContain("s3cret-ftp");
  const read = await expectJson(await owner.request.get(`/api/documents-feed?id=${id}`), 200);
  expect(JSON.stringify(read)).not.toContain("s3cret-ftp");
  expect(JSON.stringify(read)).not.toContain(stored.ftp.passwordEncrypted);

  const { ftpPassword: _password, ...withoutPassword } = ftp;
  expect(
    await expectJson(await owner.request.put(`/api/documents-feed?id=${id}`, { data: { ...withoutPassword, name: "Renamed" } }), 200),
  ).toEqual({
    id,
  });
  const kept = JSON.parse((await feedRow(id)).delivery) as { ftp: { passwordEncrypted: string } };
  expect(kept.ftp.passwordEncrypted).toBe(stored.ftp.passwordEncrypted);
  expect((await feedRow(id)).name).toBe("Renamed");

  for (const change of [{ ftpPort: 21 }, { ftpHost: "ftp.example.org" }, { ftpUsername: "writer" }]) {
    const body = await expectJson(
      await owner.request.put(`/api/documents-feed?id=${id}`, { data: { ...withoutPassword, ...change } }),
      422,
    );
    expect(body.errors, JSON.stringify(change)).toEqual({ ftpPassword: "Enter the password again for the new FTP server." });
  }
  // FTP host and port rules.
  const hostMessage = "Please enter a host name such as ftp.example.com, without ftp:// or a port.";
  const portMessage = "Please enter a port between 1 and 65535.";
  const cases: [Record<string, unknown>, Record<string, string>][] = [
    [{ ftpHost: "ftp://ftp.example.com" }, { ftpHost: hostMessage }],
    [{ ftpHost: "ftp.example.com:21" }, { ftpHost: hostMessage }],
    [{ ftpPort: 0 }, { ftpPort: portMessage }],
    [{ ftpPort: 65536 }, { ftpPort: portMessage }],
    [{ ftpPort: "abc" }, { ftpPort: portMessage }],
    [{ ftpPort: 21.5 }, { ftpPort: portMessage }],
  ];
  for (const [change, errors] of cases) {
    const body = await expectJson(await owner.request.post("/api/documents-feed", { data: { ...ftp, ...change } }), 422);
    expect(body.errors, JSON.stringify(change)).toMatchObject(errors);
  }
  await owner.request.dispose();
});

test("other methods are 405 with the Allow header", async ({ playwright }) => {
  const user = await clientFor(playwright);
  const methods: [string, string, string][] = [
    ["DELETE", "/api/documents-feed", "GET, POST, PUT, PATCH"],
    ["DELETE", "/api/documents-feed?id=x", "GET, POST, PUT, PATCH"],
    ["POST", "/api/documents-options", "GET"],
    ["PUT", "/api/documents-options", "GET"],
  ];
  for (const [method, path, allow] of methods) {
    const response = await user.request.fetch(path, { method, data: {} });
    expect(response.status(), `${method} ${path}`).toBe(405);
    expect(response.headers()["allow"], `${method} ${path}`).toBe(allow);
    expect(await response.json(), `${method} ${path}`).toEqual({ error: expect.any(String) });
  }
  await user.request.dispose();
});

test("who may reach the documents API: visitors 401, other subscribers 403, others' feeds 404, admins everyone's", async ({
  playwright,
}) => {
  const alice = await clientFor(playwright);
  const bob = await clientFor(playwright);
  const company = await clientFor(playwright, { products: ["company", "macroeconomic"] });
  const admin = await clientFor(playwright, { isAdmin: true, products: [] });
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const feed = await createFeed(alice, { name: "Alice's feed", frequency: 15, keyword: "covering" });
  const body = { name: "Taken over", frequency: 60, keyword: "covering" };

  const everyCall = (request: APIRequestContext) => [
    request.get("/api/documents-options"),
    request.get("/api/documents-feed"),
    request.get(`/api/documents-feed?id=${feed}`),
    request.post("/api/documents-feed", { data: body }),
    request.put(`/api/documents-feed?id=${feed}`, { data: body }),
    request.patch(`/api/documents-feed?id=${feed}`, { data: { active: false } }),
    request.delete("/api/documents-feed"),
  ];
  for (const [index, response] of (await Promise.all(everyCall(visitor))).entries()) {
    expect(response.status(), `call ${index} (${response.url()}) as a visitor`).toBe(401);
  }
  for (const [index, response] of (await Promise.all(everyCall(company.request))).entries()) {
    expect(response.status(), `call ${index} (${response.url()}) as a company subscriber`).toBe(403);
  }

  // Another documents subscriber: their own list is empty, Alice's feed is a 404 however it is reached.
  expect(await listIds(bob)).toEqual([]);
  expect(await expectJson(await bob.request.get(`/api/documents-feed?id=${feed}`), 404)).toEqual(feedNotFound);
  expect(await expectJson(await bob.request.put(`/api/documents-feed?id=${feed}`, { data: body }), 404)).toEqual(feedNotFound);
  expect(await expectJson(await bob.request.patch(`/api/documents-feed?id=${feed}`, { data: { active: false } }), 404)).toEqual(
    feedNotFound,
  );
  // A username filter is ignored for a subscriber.
  expect(await listIds(bob, `?username=${encodeURIComponent(alice.account.email)}`)).toEqual([]);
  expect(await feedRow(feed)).toMatchObject({ name: "Alice's feed", status: "active", frequency: "every-15-minutes" });

  // The admin reads, edits and turns off Alice's feed, and creates one for her by username.
  expect(await expectJson(await admin.request.get(`/api/documents-feed?id=${feed}`), 200)).toMatchObject({
    id: feed,
    username: alice.account.email,
  });
  expect(await listIds(admin, `?username=${encodeURIComponent(alice.account.email)}`)).toEqual([feed]);
  expect(await expectJson(await admin.request.put(`/api/documents-feed?id=${feed}`, { data: body }), 200)).toEqual({ id: feed });
  expect(await expectJson(await admin.request.patch(`/api/documents-feed?id=${feed}`, { data: { active: false } }), 200)).toEqual({
    id: feed,
    status: "inactive",
  });
  expect(await feedRow(feed)).toMatchObject({ name: "Taken over", status: "inactive", frequency: "every-60-minutes" });
  const forAlice = await createFeed(admin, { ...body, name: "Made by the admin", username: alice.account.email });
  expect(await ownerEmail("feeds", forAlice)).toBe(alice.account.email);
  expect((await listIds(alice)).sort()).toEqual([feed, forAlice].sort());
  expect(
    (await expectJson(await admin.request.post("/api/documents-feed", { data: { ...body, username: "nobody@example.com" } }), 422)).errors,
  ).toEqual({ username: "No user has this username." });

  for (const client of [alice, bob, company, admin]) await client.request.dispose();
  await visitor.dispose();
});
