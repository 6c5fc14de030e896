import { expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from "@playwright/test";
import { createAccount, signInToken, type Product, type TestAccount } from "./support/accounts";
import { test } from "./support/test";

/**
 * The macroeconomic JSON API (SPEC.md sections 4 to 7): feeds and dumps end to end against the real server
 * and its worker, the validation messages of section 5, and who may do what (section 6).
 */

type Playwright = PlaywrightWorkerArgs["playwright"];

interface Client {
  account: TestAccount;
  request: APIRequestContext;
}

/** A fresh account signed in on the econ platform; its requests carry only the bearer token. */
async function clientFor(
  playwright: Playwright,
  options: { products?: Product[]; isAdmin?: boolean } = { products: ["macroeconomic"] },
): Promise<Client> {
  const baseURL = test.info().project.use.baseURL;
  const account = await createAccount(options);
  const signIn = await playwright.request.newContext({ baseURL });
  const token = await signInToken(signIn, account);
  await signIn.dispose();
  return { account, request: await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } }) };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the journeys read answer fields loosely; statuses are what is asserted
async function expectJson(response: APIResponse, status: number): Promise<any> {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text.slice(0, 300)}`).toBe(status);
  return JSON.parse(text);
}

async function databases(client: Client): Promise<string[]> {
  const options = await expectJson(await client.request.get("/api/econ-options"), 200);
  return options.databases.map((database: { value: string }) => database.value);
}

async function previewIds(client: Client, database: string): Promise<string[]> {
  const preview = await expectJson(await client.request.post("/api/econ-feed/preview", { data: { database } }), 200);
  return preview.items.map((item: { id: string }) => item.id);
}

async function createFeed(client: Client, data: Record<string, unknown>): Promise<string> {
  return (await expectJson(await client.request.post("/api/econ-feed", { data }), 201)).id;
}

async function feedIds(client: Client, query = ""): Promise<string[]> {
  const body = await expectJson(await client.request.get(`/api/econ-feeds${query}`), 200);
  return body.feeds.map((feed: { id: string }) => feed.id);
}

const badJson = { headers: { "Content-Type": "application/json" }, data: "{oops" };

test("a subscriber previews, creates, edits, runs, downloads, deletes and cancels feeds and dumps over the API", async ({ playwright }) => {
  test.setTimeout(120_000);
  const owner = await clientFor(playwright);
  const admin = await clientFor(playwright, { isAdmin: true, products: ["macroeconomic"] });
  const [database] = await databases(owner);

  // The preview: the database is mandatory, then the total and at most 500 series.
  expect(await expectJson(await owner.request.post("/api/econ-feed/preview", { data: { keyword: "gdp" } }), 422)).toEqual({
    errors: { database: "Please select database." },
  });
  const preview = await expectJson(await owner.request.post("/api/econ-feed/preview", { data: { database } }), 200);
  expect(preview.total).toBeGreaterThan(0);
  expect(preview.items.length).toBe(Math.min(preview.total, 500));
  expect(preview.items[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), frequency: expect.any(String) });
  const [a, b, c] = preview.items.map((item: { id: string }) => item.id);

  // Create two feeds, list, read and edit them.
  const created = await expectJson(
    await owner.request.post("/api/econ-feed", {
      data: { name: "GDP feed", database, seriesIds: [a, b], frequency: "weekly", format: "json" },
    }),
    201,
  );
  expect(created).toEqual({ id: expect.any(String), preview: { total: 2 } });
  const first = created.id as string;
  const second = await createFeed(owner, { name: "Second feed", database, seriesIds: `${c}`, format: "xml", status: "inactive" });
  expect(await feedIds(owner)).toEqual(expect.arrayContaining([first, second]));
  expect(await feedIds(owner, "?status=active")).toEqual([first]);
  expect(await feedIds(owner, "?status=inactive")).toEqual([second]);

  const details = await expectJson(await owner.request.get(`/api/econ-feed?id=${first}`), 200);
  expect(details).toMatchObject({
    id: first,
    name: "GDP feed",
    frequency: "weekly",
    status: "active",
    username: owner.account.email,
    deliveryMethod: "platform",
    criteria: { database, seriesIds: [a, b] },
    options: { format: "json" },
    delivery: { method: "platform", ftp: null },
  });

  expect(
    await expectJson(
      await owner.request.put(`/api/econ-feed?id=${first}`, {
        data: {
          name: "GDP feed (monthly)",
          database,
          seriesIds: [a],
          frequency: "monthly",
          notificationEmail: "one@example.com, two@example.org",
        },
      }),
      200,
    ),
  ).toEqual({ id: first });
  expect(await expectJson(await owner.request.get(`/api/econ-feed?id=${first}`), 200)).toMatchObject({
    name: "GDP feed (monthly)",
    frequency: "monthly",
    criteria: { seriesIds: [a] },
    notification: { emails: ["one@example.com", "two@example.org"] },
  });

  // Run both feeds as dumps, create a dump, wait for it and download its file.
  const run = await expectJson(await owner.request.post("/api/econ-run-dump", { data: { ids: [first, second] } }), 201);
  expect(run.dumps).toHaveLength(2);
  const fromFeed = await expectJson(await owner.request.get(`/api/econ-dump?id=${run.dumps[0]}`), 200);
  expect([first, second]).toContain(fromFeed.feedId);

  const dump = (
    await expectJson(
      await owner.request.post("/api/econ-dump", { data: { name: "GDP dump", database, seriesIds: [a, b, c], format: "json" } }),
      201,
    )
  ).id as string;
  const listed = async () => (await expectJson(await owner.request.get(`/api/econ-dumps?ids=${dump}`), 200)).dumps;
  await expect.poll(async () => (await listed())[0]?.status, { timeout: 30_000, intervals: [250, 500, 1000] }).toBe("completed");
  const [done] = await listed();
  expect(done).toMatchObject({ id: dump, name: "GDP dump", progress: 100, canBeCancelled: false, total: 3 });
  const download = await owner.request.get(done.files[0].downloadUrl);
  expect(download.status()).toBe(200);
  const file = JSON.parse(await download.text());
  expect(file.dump).toMatchObject({ id: dump, name: "GDP dump", total: 3 });
  expect(file.series.map((series: { id: string }) => series.id).sort()).toEqual([a, b, c].sort());
  const allDumps = (await expectJson(await owner.request.get("/api/econ-dumps"), 200)).dumps.map((item: { id: string }) => item.id);
  expect(allDumps).toEqual(expect.arrayContaining([dump, ...run.dumps]));

  // Cancelling a completed dump is a conflict, by DELETE and by POST.
  const conflict = { error: "This dump can no longer be cancelled." };
  expect(await expectJson(await owner.request.delete(`/api/econ-dump-cancel?id=${dump}`), 409)).toEqual(conflict);
  expect(await expectJson(await owner.request.post("/api/econ-dump-cancel", { data: { id: dump } }), 409)).toEqual(conflict);

  // Delete both feeds at once; an admin finds them among the deleted ones and recovers one.
  expect(await expectJson(await owner.request.post("/api/econ-delete-feeds", { data: { ids: [first, second] } }), 200)).toEqual({
    deleted: 2,
  });
  expect(await feedIds(owner)).toEqual([]);
  expect(await expectJson(await owner.request.get(`/api/econ-feed?id=${first}`), 404)).toEqual({
    error: "The feed you are trying to edit could not be found.",
  });
  expect(await feedIds(admin, `?deleted=1&username=${encodeURIComponent(owner.account.email)}`)).toEqual(
    expect.arrayContaining([first, second]),
  );
  expect(await expectJson(await admin.request.post("/api/econ-recover-feed", { data: { id: first } }), 200)).toEqual({ id: first });
  expect(await feedIds(owner)).toEqual([first]);
  expect(await expectJson(await owner.request.get(`/api/econ-feed?id=${first}`), 200)).toMatchObject({
    status: "inactive",
    name: "GDP feed (monthly)",
  });
  expect(await expectJson(await admin.request.post("/api/econ-recover-feed", { data: { id: first } }), 404)).toEqual({
    error: "An error occured while recovering the feed.",
  });

  // A big dump (the largest database, with vintages) is cancelled at once, unless it already ended.
  let biggest = { database, total: 0 };
  for (const candidate of await databases(owner)) {
    const { total } = await expectJson(await owner.request.post("/api/econ-dump/preview", { data: { database: candidate } }), 200);
    if (total > biggest.total) biggest = { database: candidate, total };
  }
  const big = (
    await expectJson(
      await owner.request.post("/api/econ-dump", { data: { name: "Big dump", database: biggest.database, vintages: true, format: "xml" } }),
      201,
    )
  ).id as string;
  const cancel = await owner.request.delete(`/api/econ-dump-cancel?id=${big}`);
  expect([200, 409]).toContain(cancel.status());
  if (cancel.status() === 200) {
    expect(await cancel.json()).toEqual({ id: big, status: "cancelled" });
    expect(await expectJson(await owner.request.get(`/api/econ-dump?id=${big}`), 200)).toMatchObject({
      status: "cancelled",
      canBeCancelled: false,
    });
    expect(await expectJson(await owner.request.delete(`/api/econ-dump-cancel?id=${big}`), 409)).toEqual(conflict);
  }
  await owner.request.dispose();
  await admin.request.dispose();
});

test("the API answers every validation rule of SPEC.md section 5 with a 4xx and its message", async ({ playwright }) => {
  test.setTimeout(60_000);
  const user = await clientFor(playwright);
  const admin = await clientFor(playwright, { isAdmin: true });
  const [database] = await databases(user);
  const [seriesId] = await previewIds(user, database!);
  const post = async (path: string, data: unknown, status: number) => expectJson(await user.request.post(path, { data }), status);

  // The database is the one mandatory criterion; a name is needed to save, not to preview.
  expect((await post("/api/econ-feed", {}, 422)).errors).toMatchObject({
    name: "Please fill out this field.",
    database: "Please select database.",
  });
  expect((await post("/api/econ-feed", { name: "  ", database }, 422)).errors).toEqual({ name: "Please fill out this field." });
  expect(await post("/api/econ-dump", { name: "No database", seriesIds: [seriesId] }, 422)).toEqual({
    errors: { database: "Please select database." },
  });
  expect(await post("/api/econ-dump/preview", {}, 422)).toEqual({ errors: { database: "Please select database." } });
  expect(await post("/api/econ-feed/preview", { database: "" }, 422)).toEqual({ errors: { database: "Please select database." } });
  expect((await post("/api/econ-dump/preview", { database, seriesIds: [seriesId] }, 200)).total).toBe(1);

  // Select-array fields: an empty or missing selection.
  const fillOut = { errors: { ids: "Please fill out this field." } };
  for (const path of ["/api/econ-delete-feeds", "/api/econ-run-dump"]) {
    expect(await post(path, {}, 422)).toEqual(fillOut);
    expect(await post(path, { ids: [] }, 422)).toEqual(fillOut);
  }

  // A full dump is allowed for 3,000 series or fewer (the e2e catalog holds 2,000 in all).
  const whole = await post("/api/econ-feed/preview", { database, fullDump: true }, 200);
  expect(whole.total).toBeLessThanOrEqual(3000);
  const full = await createFeed(user, { name: "Full", database, fullDump: true, status: "inactive" });
  expect(await expectJson(await user.request.get(`/api/econ-feed?id=${full}`), 200)).toMatchObject({ options: { fullDump: true } });

  // Several comma-separated notification addresses are accepted; one invalid address is not.
  const notified = await createFeed(user, {
    name: "Notified",
    database,
    notificationEmail: "a@example.com, b@example.org,c@example.net",
    status: "inactive",
  });
  expect((await expectJson(await user.request.get(`/api/econ-feed?id=${notified}`), 200)).notification.emails).toHaveLength(3);
  expect(await post("/api/econ-feed", { name: "Bad address", database, notificationEmail: "a@example.com, not-an-address" }, 422)).toEqual({
    errors: { notificationEmail: "Please enter valid e-mail addresses, separated by commas." },
  });
  expect(
    (await post("/api/econ-dump", { name: "Bad address", database, notificationEmail: "nobody" }, 422)).errors.notificationEmail,
  ).toBeDefined();

  // At most five active feeds: the sixth is refused, inactive ones are not counted, and an active feed can still be edited.
  const active: string[] = [];
  for (let index = 0; index < 5; index++) active.push(await createFeed(user, { name: `Active ${index}`, database }));
  const limit = "You can have at most 5 active feeds. Deactivate or delete a feed first.";
  expect(await post("/api/econ-feed", { name: "Sixth", database }, 422)).toEqual({ errors: { status: limit } });
  const sixth = await createFeed(user, { name: "Sixth", database, status: "inactive" });
  expect(
    await expectJson(await user.request.put(`/api/econ-feed?id=${sixth}`, { data: { name: "Sixth", database, status: "active" } }), 422),
  ).toEqual({
    errors: { status: limit },
  });
  expect(
    await expectJson(await user.request.put(`/api/econ-feed?id=${active[0]}`, { data: { name: "Still active", database } }), 200),
  ).toEqual({ id: active[0] });
  expect((await expectJson(await user.request.get(`/api/econ-feed?id=${sixth}`), 200)).status).toBe("inactive");

  // FTP delivery needs its login; an edit without the password keeps the stored one, which is never sent back.
  const ftp = { database, status: "inactive", deliveryMethod: "ftp", ftpUrl: "ftp.example.com", ftpPath: "/in", ftpUsername: "feeds" };
  expect((await post("/api/econ-feed", { name: "FTP", ...ftp }, 422)).errors).toEqual({ ftpPassword: "Please fill out this field." });
  const ftpFeed = await createFeed(user, { name: "FTP", ...ftp, ftpPassword: "secret-password" });
  expect(await expectJson(await user.request.put(`/api/econ-feed?id=${ftpFeed}`, { data: { name: "FTP renamed", ...ftp } }), 200)).toEqual({
    id: ftpFeed,
  });
  const ftpDetails = await user.request.get(`/api/econ-feed?id=${ftpFeed}`);
  expect(await ftpDetails.text()).not.toMatch(/secret-password|passwordEncrypted/);
  expect(JSON.parse(await ftpDetails.text())).toMatchObject({
    name: "FTP renamed",
    delivery: { method: "ftp", ftp: { host: "ftp.example.com", username: "feeds" } },
  });
  expect(
    (await post("/api/econ-feed", { name: "Bad options", database, format: "csv", startDateBefore: "yesterday" }, 422)).errors,
  ).toEqual({
    format: "Please choose one of the listed options.",
    startDateBefore: "Please enter a date as YYYY-MM-DD.",
  });

  // Bad JSON is a 400 on every route that reads a body, never a 500.
  const parse = { error: "Could not parse JSON value." };
  for (const path of [
    "/api/econ-feed",
    "/api/econ-feed/preview",
    "/api/econ-delete-feeds",
    "/api/econ-dump",
    "/api/econ-dump/preview",
    "/api/econ-run-dump",
    "/api/econ-dump-cancel",
  ]) {
    expect(await expectJson(await user.request.post(path, badJson), 400), path).toEqual(parse);
    expect(await expectJson(await user.request.post(path, { data: [1, 2] }), 400), path).toEqual(parse);
  }
  expect(await expectJson(await user.request.put(`/api/econ-feed?id=${sixth}`, badJson), 400)).toEqual(parse);
  expect(await expectJson(await admin.request.post("/api/econ-recover-feed", badJson), 400)).toEqual(parse);
  expect(await expectJson(await admin.request.post("/api/econ-recover-feed", { data: {} }), 422)).toEqual({
    errors: { id: "Please fill out this field." },
  });

  // Missing ids, unknown filters and other methods.
  expect(await expectJson(await user.request.get("/api/econ-feed"), 422)).toEqual({ errors: { id: "Please fill out this field." } });
  expect(await expectJson(await user.request.get("/api/econ-dump?id="), 422)).toEqual({ errors: { id: "Please fill out this field." } });
  expect(await expectJson(await user.request.delete("/api/econ-dump-cancel"), 422)).toEqual({
    errors: { id: "Please fill out this field." },
  });
  expect((await expectJson(await user.request.get("/api/econ-feeds?status=sleeping"), 422)).errors.status).toBe(
    "Please choose one of the listed options.",
  );
  expect((await expectJson(await user.request.get("/api/econ-dumps?status=sleeping"), 422)).errors.status).toBe(
    "Please choose one of the listed options.",
  );
  const methods: [string, string, string][] = [
    ["POST", "/api/econ-feeds", "GET"],
    ["DELETE", "/api/econ-feed", "GET, POST, PUT"],
    ["GET", "/api/econ-feed/preview", "POST"],
    ["GET", "/api/econ-delete-feeds", "POST"],
    ["GET", "/api/econ-recover-feed", "POST"],
    ["PUT", "/api/econ-dumps", "GET"],
    ["PUT", "/api/econ-dump", "GET, POST, DELETE"],
    ["GET", "/api/econ-dump/preview", "POST"],
    ["GET", "/api/econ-run-dump", "POST"],
    ["GET", "/api/econ-dump-cancel", "DELETE, POST"],
  ];
  for (const [method, path, allow] of methods) {
    const response = await user.request.fetch(path, { method, data: method === "GET" ? undefined : {} });
    expect(response.status(), `${method} ${path}`).toBe(405);
    expect(response.headers()["allow"], `${method} ${path}`).toBe(allow);
  }
  await user.request.dispose();
  await admin.request.dispose();
});

/** Every route with a harmless request: guards answer before anything is read. */
const everyRoute: [string, string, unknown][] = [
  ["GET", "/api/econ-feeds", null],
  ["GET", "/api/econ-feed?id=x", null],
  ["POST", "/api/econ-feed", {}],
  ["PUT", "/api/econ-feed?id=x", {}],
  ["POST", "/api/econ-feed/preview", {}],
  ["POST", "/api/econ-delete-feeds", { ids: ["x"] }],
  ["POST", "/api/econ-recover-feed", { id: "x" }],
  ["GET", "/api/econ-dumps", null],
  ["GET", "/api/econ-dump?id=x", null],
  ["POST", "/api/econ-dump", {}],
  ["POST", "/api/econ-dump/preview", {}],
  ["POST", "/api/econ-run-dump", { ids: ["x"] }],
  ["DELETE", "/api/econ-dump-cancel?id=x", null],
  ["POST", "/api/econ-dump-cancel", { id: "x" }],
  ["GET", "/api/econ-dump-cancel", null],
];

test("visitors get 401 and signed-in users without the macroeconomic subscription 403 on every route", async ({ playwright }) => {
  const visitor = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const unsubscribed = await clientFor(playwright, { products: ["company", "documents"] });
  for (const [method, path, data] of everyRoute) {
    expect(await expectJson(await visitor.fetch(path, { method, data: data ?? undefined }), 401), `${method} ${path}`).toEqual({
      error: expect.any(String),
    });
    expect(await expectJson(await unsubscribed.request.fetch(path, { method, data: data ?? undefined }), 403), `${method} ${path}`).toEqual(
      {
        error: expect.any(String),
      },
    );
  }
  await visitor.dispose();
  await unsubscribed.request.dispose();
});

test("a subscriber cannot reach another subscriber's feeds and dumps; an admin reaches everyone's", async ({ playwright }) => {
  test.setTimeout(60_000);
  const alice = await clientFor(playwright);
  const bob = await clientFor(playwright);
  const admin = await clientFor(playwright, { isAdmin: true });
  const [database] = await databases(alice);
  const [seriesId] = await previewIds(alice, database!);
  const feed = await createFeed(alice, { name: "Alice's feed", database, seriesIds: [seriesId] });
  const dump = (
    await expectJson(await alice.request.post("/api/econ-dump", { data: { name: "Alice's dump", database, seriesIds: [seriesId] } }), 201)
  ).id as string;
  const bobsFeed = await createFeed(bob, { name: "Bob's feed", database, status: "inactive" });

  // Bob sees only his own, whatever filter he tries, and every action on Alice's is a 404.
  const notFound = { error: "The feed you are trying to edit could not be found." };
  expect(await feedIds(bob)).toEqual([bobsFeed]);
  expect(await feedIds(bob, `?username=${encodeURIComponent(alice.account.email)}`)).toEqual([bobsFeed]);
  expect(await feedIds(bob, "?deleted=1")).toEqual([bobsFeed]);
  expect(await expectJson(await bob.request.get(`/api/econ-feed?id=${feed}`), 404)).toEqual(notFound);
  expect(
    await expectJson(await bob.request.put(`/api/econ-feed?id=${feed}`, { data: { name: "Taken", database, status: "inactive" } }), 404),
  ).toEqual(notFound);
  expect(await expectJson(await bob.request.post("/api/econ-delete-feeds", { data: { ids: [feed] } }), 404)).toEqual(notFound);
  expect(await expectJson(await bob.request.post("/api/econ-delete-feeds", { data: { ids: [bobsFeed, feed] } }), 404)).toEqual(notFound);
  expect(await expectJson(await bob.request.post("/api/econ-run-dump", { data: { ids: [feed] } }), 404)).toEqual(notFound);
  expect(await expectJson(await bob.request.get(`/api/econ-dump?id=${dump}`), 404)).toEqual({ error: "The dump could not be found." });
  expect(await expectJson(await bob.request.delete(`/api/econ-dump-cancel?id=${dump}`), 404)).toEqual({
    error: "The dump could not be found.",
  });
  expect(await expectJson(await bob.request.post("/api/econ-dump-cancel", { data: { id: dump } }), 404)).toEqual({
    error: "The dump could not be found.",
  });
  expect((await expectJson(await bob.request.get(`/api/econ-dumps?ids=${dump}`), 200)).dumps).toEqual([]);
  expect(
    (await expectJson(await bob.request.get(`/api/econ-dumps?username=${encodeURIComponent(alice.account.email)}`), 200)).dumps,
  ).toEqual([]);
  expect(await expectJson(await bob.request.post("/api/econ-recover-feed", { data: { id: feed } }), 403)).toEqual({
    error: expect.any(String),
  });

  // Alice's feed and dump are unchanged, and Bob's own feed survived his mixed delete.
  expect(await feedIds(bob)).toEqual([bobsFeed]);
  expect(await feedIds(alice)).toEqual([feed]);
  expect(await expectJson(await alice.request.get(`/api/econ-feed?id=${feed}`), 200)).toMatchObject({
    name: "Alice's feed",
    status: "active",
    runs: [],
  });
  const alicesDump = await expectJson(await alice.request.get(`/api/econ-dump?id=${dump}`), 200);
  expect(alicesDump.status).not.toBe("cancelled");
  expect((await expectJson(await alice.request.get("/api/econ-dumps"), 200)).dumps.map((item: { id: string }) => item.id)).toEqual([dump]);

  // A subscriber naming someone else's username still acts for themselves.
  const own = await createFeed(bob, { name: "Not for Alice", database, status: "inactive", username: alice.account.email });
  expect(await feedIds(bob)).toContain(own);
  expect(await feedIds(alice)).not.toContain(own);

  // The admin reads everyone's, filters by username and acts on behalf of a username.
  const all = await feedIds(admin);
  expect(all).toEqual(expect.arrayContaining([feed, bobsFeed, own]));
  expect(await feedIds(admin, `?username=${encodeURIComponent(alice.account.email)}`)).toEqual([feed]);
  expect(await expectJson(await admin.request.get(`/api/econ-feed?id=${feed}`), 200)).toMatchObject({
    id: feed,
    username: alice.account.email,
  });
  expect(await expectJson(await admin.request.get(`/api/econ-dump?id=${dump}`), 200)).toMatchObject({
    id: dump,
    username: alice.account.email,
  });
  const alicesDumps = (
    await expectJson(await admin.request.get(`/api/econ-dumps?username=${encodeURIComponent(alice.account.email)}`), 200)
  ).dumps;
  expect(alicesDumps.map((item: { id: string }) => item.id)).toEqual([dump]);
  const onBehalf = await createFeed(admin, { name: "Made by the admin", database, status: "inactive", username: alice.account.email });
  expect(await feedIds(alice)).toEqual(expect.arrayContaining([feed, onBehalf]));
  expect(await expectJson(await alice.request.get(`/api/econ-feed?id=${onBehalf}`), 200)).toMatchObject({ username: alice.account.email });
  expect(
    await expectJson(
      await admin.request.post("/api/econ-feed", { data: { name: "Nobody's", database, username: "nobody@example.com" } }),
      422,
    ),
  ).toEqual({
    errors: { username: "No user has this username." },
  });
  const adminDump = (
    await expectJson(
      await admin.request.post("/api/econ-dump", {
        data: { name: "For Bob", database, seriesIds: [seriesId], username: bob.account.email },
      }),
      201,
    )
  ).id as string;
  expect((await expectJson(await bob.request.get(`/api/econ-dump?id=${adminDump}`), 200)).username).toBe(bob.account.email);

  for (const client of [alice, bob, admin]) await client.request.dispose();
});

test("messages come in Chinese for ?lang=zh or Accept-Language zh, in English otherwise", async ({ playwright }) => {
  const client = await clientFor(playwright);
  const missingDatabase = { data: { name: "No database" } };
  expect((await expectJson(await client.request.post("/api/econ-dump/preview?lang=zh", missingDatabase), 422)).errors.database).toBe(
    "请选择数据库。",
  );
  const byHeader = await client.request.post("/api/econ-dump/preview", {
    ...missingDatabase,
    headers: { "Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8" },
  });
  expect((await expectJson(byHeader, 422)).errors.database).toBe("请选择数据库。");
  expect((await expectJson(await client.request.post("/api/econ-dump/preview?lang=fr", missingDatabase), 422)).errors.database).toBe(
    "Please select database.",
  );
  await client.request.dispose();
});
