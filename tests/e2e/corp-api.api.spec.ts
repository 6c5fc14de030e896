import { expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from "@playwright/test";
import { createAccount, signInToken, type Product, type TestAccount } from "./support/accounts";
import { e2eDb, ownerEmail } from "./support/database";
import { holdDumpQueue } from "./support/dump-queue";
import { test } from "./support/test";

/**
 * The company JSON API (/api/corp-*) and the company pages' guards (SPEC.md sections 3 to 7 and 9): feeds and
 * dumps end to end against the real server and its worker, the validation answers with their field names,
 * admins acting for a username, and who may reach what.
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

/** A fresh account signed in on the company platform; its requests carry only the bearer token. */
async function clientFor(
  playwright: Playwright,
  options: { products?: Product[]; isAdmin?: boolean; subscriptionEnded?: boolean } = { products: ["company"] },
): Promise<Client> {
  const baseURL = test.info().project.use.baseURL;
  const account = await createAccount(options);
  const signIn = await playwright.request.newContext({ baseURL });
  const token = await signInToken(signIn, account, "corp");
  await signIn.dispose();
  return { account, request: await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } }) };
}

async function visitor(playwright: Playwright): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the journeys read answer fields loosely; statuses are what is asserted
async function expectJson(response: APIResponse, status: number): Promise<any> {
  const text = await response.text();
  expect(response.status(), `${response.url()}: ${text.slice(0, 300)}`).toBe(status);
  return JSON.parse(text);
}

async function companyOptions(client: Client): Promise<{ countries: Option[]; industries: Option[] }> {
  return expectJson(await client.request.get("/api/corp-company-options"), 200);
}

async function preview(client: Client, body: Record<string, unknown>): Promise<{ total: number; items: { id: string }[] }> {
  return expectJson(await client.request.post("/api/corp-feed/preview", { data: body }), 200);
}

/** A catalog country with more companies than a preview lists. */
async function busyCountry(client: Client): Promise<{ code: string; total: number }> {
  for (const country of (await companyOptions(client)).countries) {
    const { total } = await preview(client, { country: [country.value] });
    if (total > 5) return { code: country.value, total };
  }
  throw new Error("no country has more than 5 companies");
}

/** Real company ids: a preview lists 5 companies, so they are gathered country by country, then industry by industry. */
async function companyIds(client: Client, count: number): Promise<string[]> {
  const options = await companyOptions(client);
  const ids = new Set<string>();
  for (const criterion of [
    ...options.countries.map((option) => ({ country: [option.value] })),
    ...options.industries.map((option) => ({ mainIndustry: [option.value] })),
  ]) {
    for (const item of (await preview(client, criterion)).items) ids.add(item.id);
    if (ids.size >= count) return [...ids].slice(0, count);
  }
  throw new Error(`fewer than ${count} companies found`);
}

async function createFeed(client: Client, data: Record<string, unknown>): Promise<string> {
  return (await expectJson(await client.request.post("/api/corp-feed", { data }), 201)).id;
}

async function createDump(client: Client, data: Record<string, unknown>): Promise<string> {
  return (await expectJson(await client.request.post("/api/corp-dump", { data }), 201)).id;
}

async function feedIds(client: Client, query = ""): Promise<string[]> {
  const body = await expectJson(await client.request.get(`/api/corp-feeds${query}`), 200);
  return body.feeds.map((feed: { id: string }) => feed.id);
}

async function dumpIds(client: Client, query = ""): Promise<string[]> {
  const body = await expectJson(await client.request.get(`/api/corp-dumps${query}`), 200);
  return body.dumps.map((dump: { id: string }) => dump.id);
}

const feedNotFound = { error: "The feed you are trying to edit could not be found." };
const dumpNotFound = { error: "The dump could not be found." };
const notCancellable = { error: "This dump can no longer be cancelled." };
const fillOut = "Please fill out this field.";
const invalidOption = "Please choose one of the listed options.";
const feedLimit = "You can have at most 5 active feeds. Deactivate or delete a feed first.";
const badJson = { headers: { "Content-Type": "application/json" }, data: "{oops" };

test("a company subscriber previews, creates, reads, edits, lists, runs, downloads and deletes feeds and dumps", async ({ playwright }) => {
  test.setTimeout(90_000);
  const owner = await clientFor(playwright);

  // The form's choices: the catalog's lists and the output choices of SPEC.md section 9.
  const options = await companyOptions(owner);
  expect(options).toMatchObject({
    countries: expect.arrayContaining([{ value: expect.any(String), label: expect.any(String), parent: expect.any(String) }]),
    industries: expect.any(Array),
    regions: expect.any(Array),
    types: expect.any(Array),
    legalForms: expect.any(Array),
    statuses: expect.any(Array),
    financialStandards: expect.any(Array),
  });
  const values = (list: Option[]) => list.map((option) => option.value);
  const all = options as unknown as Record<string, Option[]>;
  expect(values(all.currencies!)).toEqual(["USD", "EUR", "LOCAL"]);
  expect(values(all.formats!)).toEqual(["json", "xml"]);
  expect(values(all.statementTypes!).sort()).toEqual(["balance-sheet", "cash-flow", "income-statement"]);

  // The previews: the first 5 companies and the total, for feeds and dumps alike.
  const country = await busyCountry(owner);
  const byCountry = await preview(owner, { country: [country.code] });
  expect(byCountry.items).toHaveLength(5);
  expect(byCountry.items[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), country: country.code });
  const [a, b, c] = await companyIds(owner, 3);
  const dumpPreview = await expectJson(await owner.request.post("/api/corp-dump/preview", { data: { companyIds: `${a} ${b},${c}` } }), 200);
  expect(dumpPreview.total).toBe(3);
  expect(dumpPreview.items.map((item: { id: string }) => item.id).sort()).toEqual([a, b, c].sort());

  // Create three feeds: by criteria (with statement criteria and output choices), by an id list, by id text.
  const created = await expectJson(
    await owner.request.post("/api/corp-feed", {
      data: {
        name: "Country feed",
        description: "Every company of one country",
        country: [country.code],
        statementYear: "2022, 2023",
        statementType: ["income-statement"],
        frequency: "weekly",
        format: "xml",
        currency: "EUR",
        notificationEmail: "one@example.com, two@example.org",
      },
    }),
    201,
  );
  expect(created).toEqual({ id: expect.any(String), preview: { total: country.total } });
  const first = created.id as string;
  const second = await createFeed(owner, { name: "Listed ids", companyIds: [a, b], status: "inactive" });
  const third = await createFeed(owner, { name: "Typed ids", companyIds: `${a}, ${b}\n${c}`, status: "inactive", profile: false });

  expect(await expectJson(await owner.request.get(`/api/corp-feed?id=${first}`), 200)).toMatchObject({
    id: first,
    name: "Country feed",
    description: "Every company of one country",
    frequency: "weekly",
    status: "active",
    username: owner.account.email,
    deliveryMethod: "platform",
    criteria: { country: [country.code], statements: { year: [2022, 2023], type: ["income-statement"] } },
    options: { format: "xml", currency: "EUR", profile: true, statements: true },
    delivery: { method: "platform", ftp: null },
    notification: { emails: ["one@example.com", "two@example.org"] },
    runs: [],
  });
  expect(await expectJson(await owner.request.get(`/api/corp-feed?id=${third}`), 200)).toMatchObject({
    criteria: { companyIds: [a, b, c] },
    options: { profile: false, statements: true },
  });

  // The list and its filters.
  expect((await feedIds(owner)).sort()).toEqual([first, second, third].sort());
  expect(await feedIds(owner, "?status=active")).toEqual([first]);
  expect((await feedIds(owner, "?status=inactive")).sort()).toEqual([second, third].sort());
  expect((await feedIds(owner, "?status=all")).sort()).toEqual([first, second, third].sort());

  // Edit by PUT /api/corp-feed?id= and by PUT or POST /api/corp-feed/edit?id=: the whole feed each time.
  expect(
    await expectJson(
      await owner.request.put(`/api/corp-feed?id=${first}`, {
        data: { name: "Country feed (monthly)", country: [country.code], frequency: "monthly", statements: false },
      }),
      200,
    ),
  ).toEqual({ id: first });
  expect(await expectJson(await owner.request.get(`/api/corp-feed?id=${first}`), 200)).toMatchObject({
    name: "Country feed (monthly)",
    frequency: "monthly",
    status: "active",
    criteria: { country: [country.code] },
    options: { format: "json", currency: "LOCAL", profile: true, statements: false },
  });
  expect(
    await expectJson(
      await owner.request.put(`/api/corp-feed/edit?id=${second}`, { data: { name: "One id", companyIds: [a], status: "inactive" } }),
      200,
    ),
  ).toEqual({ id: second });
  expect(
    await expectJson(
      await owner.request.post(`/api/corp-feed/edit?id=${second}`, {
        data: { name: "Two ids", companyIds: [a, c], status: "inactive", frequency: "bi-weekly" },
      }),
      200,
    ),
  ).toEqual({ id: second });
  expect(await expectJson(await owner.request.get(`/api/corp-feed?id=${second}`), 200)).toMatchObject({
    name: "Two ids",
    frequency: "bi-weekly",
    criteria: { companyIds: [a, c] },
  });

  // Run two feeds as dumps, create a dump, wait for all of them and read their files.
  const run = await expectJson(await owner.request.post("/api/corp-run-dump", { data: { ids: [second, third] } }), 201);
  expect(run.dumps).toHaveLength(2);
  const dump = await createDump(owner, { name: "Three companies", companyIds: [a, b, c], format: "json", currency: "USD" });
  await expect.poll(async () => (await dumpIds(owner, "?status=active")).length, { timeout: 30_000, intervals: [250, 500, 1000] }).toBe(0);
  expect((await dumpIds(owner, "?status=inactive")).sort()).toEqual([...run.dumps, dump].sort());

  const [done] = (await expectJson(await owner.request.get(`/api/corp-dumps?ids=${dump}`), 200)).dumps;
  expect(done).toMatchObject({ id: dump, name: "Three companies", status: "completed", progress: 100, total: 3, canBeCancelled: false });
  expect(done.files).toEqual([
    {
      id: expect.any(String),
      format: "json",
      filename: expect.stringMatching(/\.json$/),
      size: expect.any(Number),
      downloadUrl: expect.any(String),
    },
  ]);
  const file = await expectJson(await owner.request.get(done.files[0].downloadUrl), 200);
  expect(file.dump).toMatchObject({ id: dump, name: "Three companies", product: "company", total: 3 });
  expect(file.companies.map((company: { id: string }) => company.id).sort()).toEqual([a, b, c].sort());
  for (const company of file.companies) {
    expect(company).toMatchObject({ id: expect.any(String), name: expect.any(String), profile: { id: company.id } });
    expect(Array.isArray(company.statements)).toBe(true);
    for (const statement of company.statements) expect(statement).toMatchObject({ stmtId: expect.any(String), currency: "USD" });
  }
  expect(file.companies.flatMap((company: { statements: unknown[] }) => company.statements).length).toBeGreaterThan(0);

  // A feed run as a dump keeps the feed's selection and output: the typed ids, without profiles.
  const fromThird = await Promise.all(
    run.dumps.map(async (id: string) => expectJson(await owner.request.get(`/api/corp-dump?id=${id}`), 200)),
  ).then((dumps) => dumps.find((item) => item.feedId === third));
  expect(fromThird).toMatchObject({ status: "completed", total: 3, criteria: { companyIds: [a, b, c] }, options: { profile: false } });
  const thirdFile = await expectJson(await owner.request.get(fromThird.files[0].downloadUrl), 200);
  expect(thirdFile.companies).toHaveLength(3);
  for (const company of thirdFile.companies) {
    expect(company.profile).toBeUndefined();
    expect(Array.isArray(company.statements)).toBe(true);
  }

  // An ended dump can no longer be cancelled.
  expect(await expectJson(await owner.request.delete(`/api/corp-dump?id=${dump}`), 409)).toEqual(notCancellable);

  // Delete two feeds at once; they are gone from the list and their details.
  expect(await expectJson(await owner.request.post("/api/corp-delete-feeds", { data: { ids: [first, second] } }), 200)).toEqual({
    deleted: 2,
  });
  expect(await feedIds(owner)).toEqual([third]);
  expect(await expectJson(await owner.request.get(`/api/corp-feed?id=${first}`), 404)).toEqual(feedNotFound);
  expect(await expectJson(await owner.request.put(`/api/corp-feed?id=${first}`, { data: { name: "Back", keyword: "bank" } }), 404)).toEqual(
    feedNotFound,
  );
  await owner.request.dispose();
});

test("a queued dump is cancelled by DELETE /api/corp-dump?id=, once", async ({ playwright }) => {
  const owner = await clientFor(playwright);
  const release = await holdDumpQueue(owner.account);
  try {
    const id = await createDump(owner, { name: "Waiting", keyword: "bank", format: "xml" });
    expect(await expectJson(await owner.request.get(`/api/corp-dump?id=${id}`), 200)).toMatchObject({
      id,
      status: "queued",
      canBeCancelled: true,
      progress: 0,
      files: [],
    });
    expect(await dumpIds(owner, "?status=active")).toEqual([id]);
    expect(await dumpIds(owner, "?status=inactive")).toEqual([]);
    expect(await expectJson(await owner.request.delete(`/api/corp-dump?id=${id}`), 200)).toEqual({ id, status: "cancelled" });
    expect(await expectJson(await owner.request.get(`/api/corp-dump?id=${id}`), 200)).toMatchObject({
      status: "cancelled",
      canBeCancelled: false,
    });
    expect(await expectJson(await owner.request.delete(`/api/corp-dump?id=${id}`), 409)).toEqual(notCancellable);
    expect(await dumpIds(owner, "?status=inactive")).toEqual([id]);
  } finally {
    await release();
  }
  await owner.request.dispose();
});

test("the API answers invalid bodies with 422 and the field names, in English or Chinese", async ({ playwright }) => {
  test.setTimeout(60_000);
  const user = await clientFor(playwright);
  const [id] = await companyIds(user, 1);
  const post = async (path: string, data: unknown, status = 422) => expectJson(await user.request.post(path, { data }), status);

  // SPEC.md section 5: company ids or other search criteria, word for word; neither is refused too.
  const either = { errors: { companyIds: "Please use either company ids or other search criteria" } };
  for (const path of ["/api/corp-feed", "/api/corp-dump", "/api/corp-feed/preview", "/api/corp-dump/preview"]) {
    expect(await post(path, { name: "Both", companyIds: [id], keyword: "bank" }), path).toEqual(either);
    expect(await post(path, { name: "Both", companyIds: id, country: ["DE"] }), path).toEqual(either);
  }
  const neither = "Please enter company ids or other search criteria.";
  expect(await post("/api/corp-feed", { name: "" })).toEqual({ errors: { name: fillOut, companyIds: neither } });
  expect((await post("/api/corp-feed", {})).errors).toMatchObject({ name: fillOut });
  expect(await post("/api/corp-dump", { name: "Nothing" })).toEqual({ errors: { companyIds: neither } });
  expect(await post("/api/corp-feed/preview", {})).toEqual({ errors: { companyIds: neither } });
  // A statement criterion chooses statements, not companies.
  expect(await post("/api/corp-dump/preview", { statementYear: [2022] })).toEqual({ errors: { companyIds: neither } });

  // SPEC.md section 9: up to 100,000 ids; a preview of at most 100.
  const hundred = await companyIds(user, 101);
  const notice = "The preview looks at the first 100 of the 101 listed ids; the total counts them all.";
  expect(await post("/api/corp-feed/preview", { companyIds: hundred }, 200)).toMatchObject({ total: 101, notice });
  expect(await post("/api/corp-dump/preview", { companyIds: hundred.join("\n") }, 200)).toMatchObject({ total: 101, notice });
  const atMost = await post("/api/corp-dump/preview", { companyIds: hundred.slice(0, 100) }, 200);
  expect(atMost.total).toBe(100);
  expect(atMost.items).toHaveLength(5);
  const tooMany = Array.from({ length: 100_001 }, (_, index) => `C${String(index).padStart(8, "0")}`).join(",");
  expect(await post("/api/corp-feed", { name: "Too many", companyIds: tooMany })).toEqual({
    errors: { companyIds: "Please enter at most 100,000 ids." },
  });
  // 100,000 ids fit the body limit of these routes, as a JSON array too (1.3 MB).
  const most = Array.from({ length: 100_000 }, (_, index) => `C${String(index).padStart(8, "0")}`);
  const stored = await post("/api/corp-feed", { name: "Most", companyIds: most, status: "inactive" }, 201);
  expect(stored.preview.total).toBe(0);

  // Ranges, dates, years, accounts, codes the catalog does not know, output choices.
  const range = "Please enter a value equal to or greater than the “from” value.";
  expect(
    await post("/api/corp-feed", {
      name: "Ranges",
      keyword: "bank",
      employeesFrom: 500,
      employeesTo: 10,
      updatedFrom: "2024-01-01",
      updatedTo: "2023-01-01",
      statementUpdatedFrom: "2024-06-01",
      statementUpdatedTo: "2024-01-01",
    }),
  ).toEqual({ errors: { employeesTo: range, updatedTo: range, statementUpdatedTo: range } });
  expect(
    await post("/api/corp-dump", {
      name: "Bad values",
      keyword: "bank",
      updatedFrom: "yesterday",
      statementYear: "1800",
      format: "csv",
      currency: "JPY",
      statementPeriod: ["FY", "Q5"],
    }),
  ).toEqual({
    errors: {
      updatedFrom: "Please enter a date as YYYY-MM-DD.",
      statementYear: "Please enter years between 1900 and 2100.",
      format: invalidOption,
      currency: invalidOption,
      statementPeriod: invalidOption,
    },
  });
  expect(
    await post("/api/corp-feed", {
      name: "Unknown codes",
      country: ["XX"],
      mainIndustry: ["Z99"],
      companyStatus: ["asleep"],
      financialStandards: ["KGAAP"],
    }),
  ).toEqual({
    errors: { country: invalidOption, mainIndustry: invalidOption, companyStatus: invalidOption, financialStandards: invalidOption },
  });
  // The rules across fields are checked once every field is valid on its own.
  expect(await post("/api/corp-dump", { name: "Amount", keyword: "bank", accountFrom: 10 })).toEqual({ errors: { accountName: fillOut } });
  const account = await post("/api/corp-dump/preview", { keyword: "bank", accountName: "turnover" });
  expect(account.errors.accountName).toMatch(/^Please enter one of these accounts: .*revenue/);

  // Delivery and notification fields, as for every product.
  expect(await post("/api/corp-feed", { name: "Mail", keyword: "bank", notificationEmail: "a@example.com, nope" })).toEqual({
    errors: { notificationEmail: "Please enter valid e-mail addresses, separated by commas." },
  });
  expect(
    await post("/api/corp-dump", {
      name: "FTP",
      keyword: "bank",
      deliveryMethod: "ftp",
      ftpUrl: "ftp.example.com",
      ftpUsername: "feeds",
    }),
  ).toEqual({ errors: { ftpPassword: fillOut } });
  const ftpFeed = await createFeed(user, {
    name: "FTP",
    keyword: "bank",
    status: "inactive",
    deliveryMethod: "ftp",
    ftpUrl: "ftp.example.com",
    ftpPath: "/in",
    ftpUsername: "feeds",
    ftpPassword: "secret-password",
  });
  const ftpDetails = await user.request.get(`/api/corp-feed?id=${ftpFeed}`);
  expect(await ftpDetails.text()).not.toMatch(/secret-password|passwordEncrypted/);
  expect(JSON.parse(await ftpDetails.text())).toMatchObject({ delivery: { method: "ftp", ftp: { host: "ftp.example.com", path: "/in" } } });
  expect(await post("/api/corp-feed", { name: "Often", keyword: "bank", frequency: "hourly" })).toEqual({
    errors: { frequency: invalidOption },
  });

  // At most 5 active company feeds: the sixth is refused, an inactive one is not counted, an active one can be edited.
  const active: string[] = [];
  for (let index = 0; index < 5; index++) active.push(await createFeed(user, { name: `Active ${index}`, keyword: "bank" }));
  expect(await post("/api/corp-feed", { name: "Sixth", keyword: "bank" })).toEqual({ errors: { status: feedLimit } });
  const sixth = await createFeed(user, { name: "Sixth", keyword: "bank", status: "inactive" });
  expect(
    await expectJson(
      await user.request.put(`/api/corp-feed?id=${sixth}`, { data: { name: "Sixth", keyword: "bank", status: "active" } }),
      422,
    ),
  ).toEqual({ errors: { status: feedLimit } });
  expect(
    await expectJson(await user.request.put(`/api/corp-feed?id=${active[0]}`, { data: { name: "Still active", keyword: "bank" } }), 200),
  ).toEqual({ id: active[0] });
  // A preview saves nothing, so the limit does not apply to it.
  expect((await post("/api/corp-feed/preview", { keyword: "bank" }, 200)).total).toBeGreaterThan(0);

  // List actions need ids; single items need ?id=; list filters take known values.
  for (const path of ["/api/corp-delete-feeds", "/api/corp-run-dump"]) {
    expect(await post(path, {}), path).toEqual({ errors: { ids: fillOut } });
    expect(await post(path, { ids: [] }), path).toEqual({ errors: { ids: fillOut } });
  }
  expect(await expectJson(await user.request.get("/api/corp-feed"), 422)).toEqual({ errors: { id: fillOut } });
  expect(await expectJson(await user.request.put("/api/corp-feed", { data: { name: "x", keyword: "bank" } }), 422)).toEqual({
    errors: { id: fillOut },
  });
  expect(await expectJson(await user.request.put("/api/corp-feed/edit?id=", { data: { name: "x", keyword: "bank" } }), 422)).toEqual({
    errors: { id: fillOut },
  });
  expect(await expectJson(await user.request.get("/api/corp-dump?id="), 422)).toEqual({ errors: { id: fillOut } });
  expect(await expectJson(await user.request.delete("/api/corp-dump"), 422)).toEqual({ errors: { id: fillOut } });
  expect((await expectJson(await user.request.get("/api/corp-feeds?status=sleeping"), 422)).errors.status).toBe(invalidOption);
  expect((await expectJson(await user.request.get("/api/corp-dumps?status=sleeping"), 422)).errors.status).toBe(invalidOption);

  // Bad JSON is a 400 on every route that reads a body, never a 500.
  const parse = { error: "Could not parse JSON value." };
  for (const path of [
    "/api/corp-feed",
    "/api/corp-feed/preview",
    "/api/corp-delete-feeds",
    "/api/corp-dump",
    "/api/corp-dump/preview",
    "/api/corp-run-dump",
    `/api/corp-feed/edit?id=${sixth}`,
  ]) {
    expect(await expectJson(await user.request.post(path, badJson), 400), path).toEqual(parse);
    expect(await expectJson(await user.request.post(path, { data: [1, 2] }), 400), path).toEqual(parse);
  }
  expect(await expectJson(await user.request.put(`/api/corp-feed?id=${sixth}`, badJson), 400)).toEqual(parse);

  // Messages in Chinese for ?lang=zh or Accept-Language zh; English for anything else.
  const both = { data: { companyIds: [id], keyword: "bank" } };
  expect((await expectJson(await user.request.post("/api/corp-feed/preview?lang=zh", both), 422)).errors.companyIds).toBe(
    "请使用公司 ID 或其他搜索条件，二者只能选其一",
  );
  const zh = { "Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8" };
  const byHeader = await user.request.post("/api/corp-dump", { data: { name: "Both", ...both.data }, headers: zh });
  expect((await expectJson(byHeader, 422)).errors).toEqual({ companyIds: "请使用公司 ID 或其他搜索条件，二者只能选其一" });
  expect((await expectJson(await user.request.post("/api/corp-feed", { data: {}, headers: zh }), 422)).errors).toMatchObject({
    name: "请填写此字段。",
  });
  expect((await expectJson(await user.request.post("/api/corp-feed/preview?lang=fr", both), 422)).errors.companyIds).toBe(
    either.errors.companyIds,
  );
  await user.request.dispose();
});

test("a feed and a dump of more than 100 company ids are stored: only the preview is limited to 100 (SPEC.md section 9)", async ({
  playwright,
}) => {
  const user = await clientFor(playwright);
  const ids = await companyIds(user, 101);
  const feed = await expectJson(
    await user.request.post("/api/corp-feed", { data: { name: "Many", companyIds: ids, status: "inactive" } }),
    201,
  );
  expect(feed.preview.total).toBe(101);
  await createDump(user, { name: "Many", companyIds: ids.join("\n") });
  await user.request.dispose();
});

test("an admin acts for a username and filters by it; a subscriber naming another username still acts for themselves", async ({
  playwright,
}) => {
  const alice = await clientFor(playwright);
  const bob = await clientFor(playwright);
  // An admin needs no company subscription.
  const admin = await clientFor(playwright, { isAdmin: true, products: [] });
  const aliceName = encodeURIComponent(alice.account.email);

  const forAlice = await expectJson(
    await admin.request.post("/api/corp-feed", { data: { name: "Made for Alice", keyword: "bank", username: alice.account.email } }),
    201,
  );
  expect(await expectJson(await alice.request.get(`/api/corp-feed?id=${forAlice.id}`), 200)).toMatchObject({
    name: "Made for Alice",
    username: alice.account.email,
  });
  const dumpForAlice = await createDump(admin, { name: "Dump for Alice", keyword: "bank", username: alice.account.email });
  expect(await expectJson(await alice.request.get(`/api/corp-dump?id=${dumpForAlice}`), 200)).toMatchObject({
    username: alice.account.email,
  });
  const adminsOwn = await createFeed(admin, { name: "The admin's own", keyword: "bank", status: "inactive" });
  expect(await expectJson(await admin.request.get(`/api/corp-feed?id=${adminsOwn}`), 200)).toMatchObject({
    username: admin.account.email,
  });
  expect(
    await expectJson(
      await admin.request.post("/api/corp-feed", { data: { name: "Nobody's", keyword: "bank", username: "nobody@example.com" } }),
      422,
    ),
  ).toEqual({ errors: { username: "No user has this username." } });
  expect(
    await expectJson(
      await admin.request.post("/api/corp-dump", { data: { name: "Nobody's", keyword: "bank", username: "nobody@example.com" } }),
      422,
    ),
  ).toEqual({ errors: { username: "No user has this username." } });

  // Bob names Alice: the feed and the dump are his.
  const bobsFeed = await createFeed(bob, { name: "Not for Alice", keyword: "bank", status: "inactive", username: alice.account.email });
  const bobsDump = await createDump(bob, { name: "Not for Alice", keyword: "bank", username: alice.account.email });
  expect(await feedIds(bob)).toEqual([bobsFeed]);
  expect(await feedIds(alice)).toEqual([forAlice.id]);
  expect(await dumpIds(bob)).toEqual([bobsDump]);
  expect(await dumpIds(alice)).toEqual([dumpForAlice]);

  // The admin's lists hold everyone's; ?username= narrows them. Others' ?username= is ignored.
  expect(await feedIds(admin)).toEqual(expect.arrayContaining([forAlice.id, bobsFeed, adminsOwn]));
  expect(await feedIds(admin, `?username=${aliceName}`)).toEqual([forAlice.id]);
  expect(await feedIds(admin, `?username=${aliceName}&status=inactive`)).toEqual([]);
  expect(await dumpIds(admin, `?username=${aliceName}`)).toEqual([dumpForAlice]);
  expect(await dumpIds(admin, `?username=${encodeURIComponent(bob.account.email)}`)).toEqual([bobsDump]);
  expect(await feedIds(bob, `?username=${aliceName}`)).toEqual([bobsFeed]);
  expect(await dumpIds(bob, `?username=${aliceName}`)).toEqual([bobsDump]);

  // Editing keeps the owner, whatever username the body names.
  expect(
    await expectJson(
      await admin.request.put(`/api/corp-feed?id=${forAlice.id}`, {
        data: { name: "Edited by the admin", keyword: "bank", username: bob.account.email },
      }),
      200,
    ),
  ).toEqual({ id: forAlice.id });
  expect(await expectJson(await alice.request.get(`/api/corp-feed?id=${forAlice.id}`), 200)).toMatchObject({
    name: "Edited by the admin",
    username: alice.account.email,
  });
  for (const client of [alice, bob, admin]) await client.request.dispose();
});

/** Every /api/corp-* route with a harmless request: the guards answer before anything is read or stored. */
const everyRoute: [string, string, unknown][] = [
  ["GET", "/api/corp-company-options", null],
  ["GET", "/api/corp-predefined-datasets", null],
  ["POST", "/api/corp-predefined-datasets", { datasetId: "state-owned-enterprises", format: "json" }],
  ["GET", "/api/corp-feeds", null],
  ["GET", "/api/corp-feed?id=x", null],
  ["POST", "/api/corp-feed", { name: "x", keyword: "bank" }],
  ["PUT", "/api/corp-feed?id=x", { name: "x", keyword: "bank" }],
  ["PUT", "/api/corp-feed/edit?id=x", { name: "x", keyword: "bank" }],
  ["POST", "/api/corp-feed/edit?id=x", { name: "x", keyword: "bank" }],
  ["POST", "/api/corp-feed/preview", { keyword: "bank" }],
  ["POST", "/api/corp-delete-feeds", { ids: ["x"] }],
  ["GET", "/api/corp-dumps", null],
  ["GET", "/api/corp-dump?id=x", null],
  ["POST", "/api/corp-dump", { name: "x", keyword: "bank" }],
  ["DELETE", "/api/corp-dump?id=x", null],
  ["POST", "/api/corp-dump/preview", { keyword: "bank" }],
  ["POST", "/api/corp-run-dump", { ids: ["x"] }],
  // Other methods are refused by the guard first, too.
  ["DELETE", "/api/corp-feeds", null],
  ["GET", "/api/corp-run-dump", null],
];

test("visitors get 401 and signed-in users without the company subscription 403 on every /api/corp-* route", async ({ playwright }) => {
  const anonymous = await visitor(playwright);
  const macroeconomic = await clientFor(playwright, { products: ["macroeconomic", "documents"] });
  const ended = await clientFor(playwright, { products: ["company"], subscriptionEnded: true });
  for (const [method, path, data] of everyRoute) {
    const options = { method, data: data ?? undefined };
    expect(await expectJson(await anonymous.fetch(path, options), 401), `${method} ${path}`).toEqual({ error: expect.any(String) });
    expect(await expectJson(await macroeconomic.request.fetch(path, options), 403), `${method} ${path}`).toEqual({
      error: expect.any(String),
    });
    expect(await expectJson(await ended.request.fetch(path, options), 403), `${method} ${path} (ended)`).toEqual({
      error: expect.any(String),
    });
  }
  expect(
    await e2eDb()
      .selectFrom("feeds")
      .innerJoin("users", "users.id", "feeds.user_id")
      .select("feeds.id")
      .where("users.email", "in", [macroeconomic.account.email, ended.account.email])
      .execute(),
  ).toHaveLength(0);
  await anonymous.dispose();
  await macroeconomic.request.dispose();
  await ended.request.dispose();
});

test("another company subscriber cannot reach a subscriber's feeds and dumps; an admin reaches everyone's", async ({ playwright }) => {
  test.setTimeout(60_000);
  const alice = await clientFor(playwright);
  const bob = await clientFor(playwright);
  const admin = await clientFor(playwright, { isAdmin: true, products: [] });
  const release = await holdDumpQueue(alice.account);
  try {
    const feed = await createFeed(alice, { name: "Alice's feed", keyword: "bank" });
    const dump = await createDump(alice, { name: "Alice's dump", keyword: "bank" });
    const bobsFeed = await createFeed(bob, { name: "Bob's feed", keyword: "bank", status: "inactive" });

    // Bob: every action on Alice's feed or dump is a 404, and nothing of hers is listed.
    const edit = { data: { name: "Taken", keyword: "bank", status: "inactive" } };
    expect(await expectJson(await bob.request.get(`/api/corp-feed?id=${feed}`), 404)).toEqual(feedNotFound);
    expect(await expectJson(await bob.request.put(`/api/corp-feed?id=${feed}`, edit), 404)).toEqual(feedNotFound);
    expect(await expectJson(await bob.request.put(`/api/corp-feed/edit?id=${feed}`, edit), 404)).toEqual(feedNotFound);
    expect(await expectJson(await bob.request.post(`/api/corp-feed/edit?id=${feed}`, edit), 404)).toEqual(feedNotFound);
    expect(await expectJson(await bob.request.post("/api/corp-delete-feeds", { data: { ids: [feed] } }), 404)).toEqual(feedNotFound);
    expect(await expectJson(await bob.request.post("/api/corp-delete-feeds", { data: { ids: [bobsFeed, feed] } }), 404)).toEqual(
      feedNotFound,
    );
    expect(await expectJson(await bob.request.post("/api/corp-run-dump", { data: { ids: [feed] } }), 404)).toEqual(feedNotFound);
    expect(await expectJson(await bob.request.get(`/api/corp-dump?id=${dump}`), 404)).toEqual(dumpNotFound);
    expect(await expectJson(await bob.request.delete(`/api/corp-dump?id=${dump}`), 404)).toEqual(dumpNotFound);
    expect(await feedIds(bob)).toEqual([bobsFeed]);
    expect(await feedIds(bob, "?deleted=1")).toEqual([bobsFeed]);
    expect(await dumpIds(bob)).toEqual([]);
    expect(await dumpIds(bob, `?ids=${dump}`)).toEqual([]);

    // Alice's feed and dump are as she left them, and Bob's feed survived his mixed delete.
    expect(await expectJson(await alice.request.get(`/api/corp-feed?id=${feed}`), 200)).toMatchObject({
      name: "Alice's feed",
      status: "active",
    });
    expect(await expectJson(await alice.request.get(`/api/corp-dump?id=${dump}`), 200)).toMatchObject({ status: "queued" });
    expect(await e2eDb().selectFrom("dumps").select("id").where("feed_id", "=", feed).execute()).toHaveLength(0);

    // The admin reads, edits, runs and cancels Alice's.
    expect(await expectJson(await admin.request.get(`/api/corp-feed?id=${feed}`), 200)).toMatchObject({
      id: feed,
      username: alice.account.email,
    });
    expect(await expectJson(await admin.request.get(`/api/corp-dump?id=${dump}`), 200)).toMatchObject({
      id: dump,
      username: alice.account.email,
    });
    expect(await feedIds(admin)).toEqual(expect.arrayContaining([feed, bobsFeed]));
    expect(await dumpIds(admin, `?ids=${dump}`)).toEqual([dump]);
    expect(
      await expectJson(
        await admin.request.post(`/api/corp-feed/edit?id=${feed}`, { data: { name: "Renamed by the admin", keyword: "bank" } }),
        200,
      ),
    ).toEqual({ id: feed });
    const run = await expectJson(await admin.request.post("/api/corp-run-dump", { data: { ids: [feed] } }), 201);
    expect(await expectJson(await alice.request.get(`/api/corp-dump?id=${run.dumps[0]}`), 200)).toMatchObject({
      feedId: feed,
      username: alice.account.email,
      status: "queued",
    });
    expect(await expectJson(await admin.request.delete(`/api/corp-dump?id=${dump}`), 200)).toEqual({ id: dump, status: "cancelled" });
    expect(await expectJson(await admin.request.delete(`/api/corp-dump?id=${run.dumps[0]}`), 200)).toMatchObject({ status: "cancelled" });
    expect(await expectJson(await admin.request.post("/api/corp-delete-feeds", { data: { ids: [feed] } }), 200)).toEqual({ deleted: 1 });
    expect(await feedIds(alice)).toEqual([]);
  } finally {
    await release();
  }
  for (const client of [alice, bob, admin]) await client.request.dispose();
});

test("other methods are 405 with the Allow header", async ({ playwright }) => {
  const user = await clientFor(playwright);
  const methods: [string, string, string][] = [
    ["POST", "/api/corp-company-options", "GET"],
    ["POST", "/api/corp-feeds", "GET"],
    ["DELETE", "/api/corp-feed", "GET, POST, PUT"],
    ["PATCH", "/api/corp-feed?id=x", "GET, POST, PUT"],
    ["GET", "/api/corp-feed/edit?id=x", "PUT, POST"],
    ["DELETE", "/api/corp-feed/edit?id=x", "PUT, POST"],
    ["GET", "/api/corp-feed/preview", "POST"],
    ["GET", "/api/corp-delete-feeds", "POST"],
    ["PUT", "/api/corp-dumps", "GET"],
    ["PUT", "/api/corp-dump", "GET, POST, DELETE"],
    ["GET", "/api/corp-dump/preview", "POST"],
    ["GET", "/api/corp-run-dump", "POST"],
    ["DELETE", "/api/corp-run-dump", "POST"],
  ];
  for (const [method, path, allow] of methods) {
    const response = await user.request.fetch(path, { method, data: method === "GET" ? undefined : {} });
    expect(response.status(), `${method} ${path}`).toBe(405);
    expect(response.headers()["allow"], `${method} ${path}`).toBe(allow);
    expect(await response.json(), `${method} ${path}`).toEqual({ error: expect.any(String) });
  }
  await user.request.dispose();
});

// The company pages (GET) and their actions (POST): a 404 for anyone who may not see them.

type PageRole = "visitor" | "macroeconomic subscriber" | "another company subscriber";

const validFeed = { name: "Taken over", keyword: "bank" };

function idFrom(location: string | undefined, page: string): string {
  const id = new RegExp(`/${page}/([\\w-]+)$`).exec(location ?? "")?.[1];
  expect(id, `${page} id in ${location}`).toBeTruthy();
  return id ?? "";
}

/** The owner's feed and dump, made through the pages' own actions. */
async function ownerPageData(request: APIRequestContext) {
  const feed = await request.post("/dashboard/corp/create-feed", {
    form: { intent: "create", name: "Owned feed", keyword: "bank" },
    maxRedirects: 0,
  });
  expect(feed.status()).toBe(302);
  const dump = await request.post("/dashboard/corp/create-dump", {
    form: { intent: "create", name: "Owned dump", keyword: "bank" },
    maxRedirects: 0,
  });
  expect(dump.status()).toBe(302);
  return { feedId: idFrom(feed.headers().location, "feed-details"), dumpId: idFrom(dump.headers().location, "dump-details") };
}

function corpPages(feedId: string, dumpId: string) {
  const forEveryone = [
    "/dashboard/corp",
    "/dashboard/corp/feeds",
    "/dashboard/corp/feeds?status=active",
    "/zh/dashboard/corp/feeds",
    "/dashboard/corp/create-feed",
    "/dashboard/corp/create-dump",
    "/dashboard/corp/dumps",
    "/dashboard/corp/predefined-datasets",
  ];
  const ofTheOwner = [
    `/dashboard/corp/feed-details/${feedId}`,
    `/dashboard/corp/edit-feed/${feedId}`,
    `/en/dashboard/corp/edit-feed/${feedId}`,
    `/dashboard/corp/create-dump?fromFeed=${feedId}`,
    `/dashboard/corp/dump-details/${dumpId}`,
  ];
  return { forEveryone, ofTheOwner };
}

function corpActions(feedId: string, dumpId: string) {
  const forEveryone: [string, Record<string, string>][] = [
    ["/dashboard/corp/create-feed", { intent: "create", ...validFeed }],
    ["/dashboard/corp/create-feed", { intent: "preview", ...validFeed }],
    ["/dashboard/corp/create-dump", { intent: "create", ...validFeed }],
    ["/dashboard/corp/create-dump", { intent: "preview", ...validFeed }],
    ["/dashboard/corp/feeds", { intent: "delete" }],
  ];
  const ofTheOwner: [string, Record<string, string>][] = [
    ["/dashboard/corp/feeds", { intent: "delete", confirm: "yes", feedId }],
    ["/dashboard/corp/feeds", { intent: "delete", feedId }],
    ["/dashboard/corp/feeds", { intent: "run", feedId }],
    [`/dashboard/corp/feed-details/${feedId}`, { intent: "run" }],
    [`/dashboard/corp/feed-details/${feedId}`, { intent: "delete", confirm: "yes" }],
    [`/dashboard/corp/edit-feed/${feedId}`, { intent: "save", ...validFeed }],
    [`/dashboard/corp/edit-feed/${feedId}`, { intent: "preview", ...validFeed }],
    ["/dashboard/corp/dumps", { intent: "cancel", dumpId }],
    [`/dashboard/corp/dump-details/${dumpId}`, { intent: "cancel" }],
  ];
  return { forEveryone, ofTheOwner };
}

for (const role of ["visitor", "macroeconomic subscriber", "another company subscriber"] satisfies PageRole[]) {
  test(`a ${role} gets a 404 from every company page and action that is not theirs`, async ({ playwright }) => {
    const ownerAccount = await createAccount({ products: ["company"] });
    const ownerClient = await visitor(playwright);
    await signInToken(ownerClient, ownerAccount, "corp");
    const release = await holdDumpQueue(ownerAccount);
    try {
      const { feedId, dumpId } = await ownerPageData(ownerClient);
      const client = await visitor(playwright);
      if (role !== "visitor") {
        await signInToken(
          client,
          await createAccount({ products: role === "macroeconomic subscriber" ? ["macroeconomic", "documents"] : ["company"] }),
          "corp",
        );
      }
      const pages = corpPages(feedId, dumpId);
      const posts = corpActions(feedId, dumpId);
      const other = role === "another company subscriber";
      for (const path of other ? pages.ofTheOwner : [...pages.forEveryone, ...pages.ofTheOwner]) {
        expect((await client.get(path, { maxRedirects: 0 })).status(), `GET ${path} as a ${role}`).toBe(404);
      }
      for (const [path, form] of other ? posts.ofTheOwner : [...posts.forEveryone, ...posts.ofTheOwner]) {
        const response = await client.post(path, { form, maxRedirects: 0 });
        expect(response.status(), `POST ${path} ${JSON.stringify(form)} as a ${role}`).toBe(404);
      }
      const fromFeed = { intent: "create", ...validFeed, fromFeed: feedId };
      const dumpFromFeed = await client.post("/dashboard/corp/create-dump", { form: fromFeed, maxRedirects: 0 });
      if (other) {
        for (const path of pages.forEveryone) expect((await client.get(path)).status(), `GET ${path} as a subscriber`).toBe(200);
        // Someone else's feed is ignored: the dump is the subscriber's own, tied to no feed (counted below).
        expect(dumpFromFeed.status()).toBe(302);
      } else {
        expect(dumpFromFeed.status()).toBe(404);
      }

      // Nothing of the owner's changed: the feed, its (absent) dumps, the queued dump.
      const db = e2eDb();
      expect(await db.selectFrom("feeds").select(["name", "deleted_at", "status"]).where("id", "=", feedId).executeTakeFirst()).toEqual({
        name: "Owned feed",
        deleted_at: null,
        status: "active",
      });
      expect(await db.selectFrom("dumps").select("id").where("feed_id", "=", feedId).execute()).toHaveLength(0);
      expect(await db.selectFrom("dumps").select("status").where("id", "=", dumpId).execute()).toEqual([{ status: "queued" }]);
      expect((await ownerClient.get(`/dashboard/corp/feed-details/${feedId}`)).status()).toBe(200);
      await client.dispose();
    } finally {
      await release();
    }
    await ownerClient.dispose();
  });
}

test("an admin opens every user's company pages, acts on them and creates on behalf of a username", async ({ playwright }) => {
  const ownerAccount = await createAccount({ products: ["company"] });
  const ownerClient = await visitor(playwright);
  await signInToken(ownerClient, ownerAccount, "corp");
  const release = await holdDumpQueue(ownerAccount);
  try {
    const { feedId, dumpId } = await ownerPageData(ownerClient);
    const admin = await visitor(playwright);
    await signInToken(admin, await createAccount({ isAdmin: true, products: [] }), "corp");
    const pages = corpPages(feedId, dumpId);
    for (const path of [...pages.forEveryone, ...pages.ofTheOwner]) {
      expect((await admin.get(path)).status(), `GET ${path} as an admin`).toBe(200);
    }
    const list = await admin.get(`/dashboard/corp/feeds?username=${encodeURIComponent(ownerAccount.email)}`);
    expect(await list.text()).toContain("Owned feed");
    const dumps = await admin.get(`/dashboard/corp/dumps?username=${encodeURIComponent(ownerAccount.email)}`);
    expect(await dumps.text()).toContain("Owned dump");

    const preview = await admin.post(`/dashboard/corp/edit-feed/${feedId}`, { form: { intent: "preview", ...validFeed }, maxRedirects: 0 });
    expect(preview.status()).toBe(200);
    const saved = await admin.post(`/dashboard/corp/edit-feed/${feedId}`, {
      form: { intent: "save", ...validFeed, status: "inactive" },
      maxRedirects: 0,
    });
    expect(saved.status()).toBe(302);
    const cancelled = await admin.post(`/dashboard/corp/dump-details/${dumpId}`, { form: { intent: "cancel" }, maxRedirects: 0 });
    expect(cancelled.status()).toBe(302);
    expect(await e2eDb().selectFrom("dumps").select("status").where("id", "=", dumpId).execute()).toEqual([{ status: "cancelled" }]);

    const unknown = await admin.post("/dashboard/corp/create-feed", {
      form: { intent: "create", ...validFeed, username: "nobody@example.com" },
      maxRedirects: 0,
    });
    expect(unknown.status()).toBe(422);
    expect(await unknown.text()).toContain("No user has this username.");
    const onBehalf = await admin.post("/dashboard/corp/create-feed", {
      form: { intent: "create", ...validFeed, status: "inactive", username: ownerAccount.email },
      maxRedirects: 0,
    });
    expect(onBehalf.status()).toBe(302);
    const dumpOnBehalf = await admin.post("/dashboard/corp/create-dump", {
      form: { intent: "create", ...validFeed, username: ownerAccount.email },
      maxRedirects: 0,
    });
    expect(dumpOnBehalf.status()).toBe(302);
    const owners = [
      await ownerEmail("feeds", idFrom(onBehalf.headers().location, "feed-details")),
      await ownerEmail("dumps", idFrom(dumpOnBehalf.headers().location, "dump-details")),
    ];
    expect(owners).toEqual([ownerAccount.email, ownerAccount.email]);
    expect(await e2eDb().selectFrom("feeds").select(["name", "status"]).where("id", "=", feedId).execute()).toEqual([
      { name: "Taken over", status: "inactive" },
    ]);
    await admin.dispose();
  } finally {
    await release();
  }
  await ownerClient.dispose();
});

test("the company pages answer bad posts with a 4xx and their messages, and store nothing", async ({ playwright }) => {
  const client = await visitor(playwright);
  await signInToken(client, await createAccount({ products: ["company"] }), "corp");
  const cases: [string, Record<string, string>, number, string | null][] = [
    ["/dashboard/corp/create-feed", { intent: "create", name: "Nothing" }, 422, "Please enter company ids or other search criteria."],
    [
      "/dashboard/corp/create-feed",
      { intent: "preview", name: "Both", companyIds: "CO1", keyword: "bank" },
      422,
      "Please use either company ids or other search criteria",
    ],
    ["/dashboard/corp/create-feed", { intent: "create", name: "", keyword: "bank" }, 422, "Please fill out this field."],
    ["/dashboard/corp/create-feed", { intent: "create", name: "Code", country: "ZZ" }, 422, "Please choose one of the listed options."],
    ["/dashboard/corp/create-feed", { intent: "create", name: "Years", keyword: "bank", statementYear: "20x2" }, 422, null],
    ["/dashboard/corp/create-feed", { intent: "launch", name: "Intent", keyword: "bank" }, 400, null],
    ["/dashboard/corp/create-dump", { intent: "create", name: "Nothing" }, 422, "Please enter company ids or other search criteria."],
    ["/dashboard/corp/create-dump", { intent: "save", name: "Intent", keyword: "bank" }, 400, null],
    ["/dashboard/corp/feeds", { intent: "explode", feedId: "x" }, 400, null],
    ["/dashboard/corp/feeds", { intent: "run" }, 400, null],
    ["/dashboard/corp/dumps", { intent: "explode" }, 400, null],
  ];
  for (const [path, form, status, message] of cases) {
    const response = await client.post(path, { form, maxRedirects: 0 });
    expect(response.status(), `POST ${path} ${JSON.stringify(form)}`).toBe(status);
    if (message) expect(await response.text(), `POST ${path} ${JSON.stringify(form)}`).toContain(message);
  }
  const mine = await client.get("/dashboard/corp/feeds");
  expect(await mine.text()).toContain("No records found.");
  const dumps = await client.get("/dashboard/corp/dumps");
  expect(await dumps.text()).toContain("No records found.");
  await client.dispose();
});
