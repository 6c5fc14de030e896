import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { createAccount, signInToken } from "./support/accounts";
import { e2eDb, ownerEmail } from "./support/database";
import { test } from "./support/test";

/**
 * Every page (GET) and action (POST) of /dashboard/econ/* answers a visitor, a user without the
 * macroeconomic subscription and another subscriber with a 404 (SPEC.md section 6, DESIGN.md section 8),
 * and nothing of the owner's changes. Admins reach every user's feed.
 */

type Role = "visitor" | "unsubscribed" | "other";

const validFeed = { name: "Taken over", database: "DB01", seriesFrequency: "annual" };

async function newClient(playwright: PlaywrightWorkerArgs["playwright"], token: string | null) {
  return playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

function idFrom(location: string | undefined, page: string): string {
  const id = new RegExp(`/${page}/([\\w-]+)$`).exec(location ?? "")?.[1];
  expect(id, `${page} id in ${location}`).toBeTruthy();
  return id ?? "";
}

/** The owner's feed and dump, made through the pages' own actions. */
async function ownerData(request: APIRequestContext) {
  const feed = await request.post("/dashboard/econ/create-feed", {
    form: { intent: "create", name: "Owned feed", database: "DB01" },
    maxRedirects: 0,
  });
  expect(feed.status()).toBe(302);
  const dump = await request.post("/dashboard/econ/create-dump", {
    form: { intent: "create", name: "Owned dump", database: "DB01" },
    maxRedirects: 0,
  });
  expect(dump.status()).toBe(302);
  return { feedId: idFrom(feed.headers().location, "feed-details"), dumpId: idFrom(dump.headers().location, "dump-details") };
}

function pages(feedId: string, dumpId: string) {
  const forEveryone = [
    "/dashboard/econ",
    "/dashboard/econ/feeds",
    "/dashboard/econ/feeds?status=active",
    "/zh/dashboard/econ/feeds",
    "/dashboard/econ/create-feed",
    "/dashboard/econ/create-dump",
    "/dashboard/econ/dumps",
  ];
  const ofTheOwner = [
    `/dashboard/econ/feed-details/${feedId}`,
    `/dashboard/econ/edit-feed/${feedId}`,
    `/en/dashboard/econ/edit-feed/${feedId}`,
    `/dashboard/econ/create-dump?fromFeed=${feedId}`,
    `/dashboard/econ/dump-details/${dumpId}`,
  ];
  return { forEveryone, ofTheOwner };
}

function actions(feedId: string, dumpId: string) {
  const forEveryone: [string, Record<string, string>][] = [
    ["/dashboard/econ/create-feed", { intent: "create", ...validFeed }],
    ["/dashboard/econ/create-feed", { intent: "preview", ...validFeed }],
    ["/dashboard/econ/create-dump", { intent: "create", ...validFeed }],
    ["/dashboard/econ/feeds", { intent: "delete" }],
  ];
  const ofTheOwner: [string, Record<string, string>][] = [
    ["/dashboard/econ/feeds", { intent: "delete", confirm: "yes", feedId }],
    ["/dashboard/econ/feeds", { intent: "delete", feedId }],
    ["/dashboard/econ/feeds", { intent: "run", feedId }],
    [`/dashboard/econ/feed-details/${feedId}`, { intent: "run" }],
    [`/dashboard/econ/feed-details/${feedId}`, { intent: "delete", confirm: "yes" }],
    [`/dashboard/econ/edit-feed/${feedId}`, { intent: "save", ...validFeed }],
    [`/dashboard/econ/edit-feed/${feedId}`, { intent: "preview", ...validFeed }],
    ["/dashboard/econ/dumps", { intent: "cancel", dumpId }],
    [`/dashboard/econ/dump-details/${dumpId}`, { intent: "cancel" }],
  ];
  return { forEveryone, ofTheOwner };
}

const roleNames: Record<Role, string> = { visitor: "a visitor", unsubscribed: "an unsubscribed user", other: "another subscriber" };

for (const role of ["visitor", "unsubscribed", "other"] satisfies Role[]) {
  test(`${roleNames[role]} gets a 404 from every econ page and action that is not theirs`, async ({ playwright }) => {
    const ownerClient = await newClient(playwright, null);
    await signInToken(ownerClient, await createAccount({ products: ["macroeconomic"] }));
    const { feedId, dumpId } = await ownerData(ownerClient);

    const setup = await newClient(playwright, null);
    const token =
      role === "visitor"
        ? null
        : await signInToken(setup, await createAccount({ products: role === "other" ? ["macroeconomic"] : ["company", "documents"] }));
    await setup.dispose();
    const client = await newClient(playwright, token);

    const paths = pages(feedId, dumpId);
    const posts = actions(feedId, dumpId);
    const refusedPages = role === "other" ? paths.ofTheOwner : [...paths.forEveryone, ...paths.ofTheOwner];
    const refusedPosts = role === "other" ? posts.ofTheOwner : [...posts.forEveryone, ...posts.ofTheOwner];
    for (const path of refusedPages) {
      const response = await client.get(path, { maxRedirects: 0 });
      expect(response.status(), `GET ${path} as ${role}`).toBe(404);
    }
    for (const [path, form] of refusedPosts) {
      const response = await client.post(path, { form, maxRedirects: 0 });
      expect(response.status(), `POST ${path} ${JSON.stringify(form)} as ${role}`).toBe(404);
    }
    if (role === "other") {
      for (const path of paths.forEveryone) expect((await client.get(path)).status(), `GET ${path} as a subscriber`).toBe(200);
    }

    const db = e2eDb();
    expect(await db.selectFrom("feeds").select(["name", "deleted_at", "status"]).where("id", "=", feedId).executeTakeFirst()).toEqual({
      name: "Owned feed",
      deleted_at: null,
      status: "active",
    });
    expect(await db.selectFrom("dumps").select("id").where("feed_id", "=", feedId).execute()).toHaveLength(0);
    const owner = await ownerClient.get(`/dashboard/econ/feed-details/${feedId}`);
    expect(owner.status()).toBe(200);
    await client.dispose();
    await ownerClient.dispose();
  });
}

test("an admin reaches every user's feed and may create one on behalf of a username", async ({ playwright }) => {
  const ownerAccount = await createAccount({ products: ["macroeconomic"] });
  const ownerClient = await newClient(playwright, null);
  await signInToken(ownerClient, ownerAccount);
  const { feedId } = await ownerData(ownerClient);

  const admin = await newClient(playwright, null);
  await signInToken(admin, { email: "admin@demo.test", password: "demo-password" });
  for (const path of [
    `/dashboard/econ/feed-details/${feedId}`,
    `/dashboard/econ/edit-feed/${feedId}`,
    `/dashboard/econ/create-dump?fromFeed=${feedId}`,
  ]) {
    expect((await admin.get(path)).status(), `GET ${path} as admin`).toBe(200);
  }
  const list = await admin.get(`/dashboard/econ/feeds?username=${encodeURIComponent(ownerAccount.email)}`);
  expect(await list.text()).toContain("Owned feed");

  const unknown = await admin.post("/dashboard/econ/create-feed", {
    form: { intent: "create", ...validFeed, username: "nobody@example.com" },
    maxRedirects: 0,
  });
  expect(unknown.status()).toBe(422);
  const onBehalf = await admin.post("/dashboard/econ/create-feed", {
    form: { intent: "create", ...validFeed, username: ownerAccount.email },
    maxRedirects: 0,
  });
  expect(onBehalf.status()).toBe(302);
  const newId = idFrom(onBehalf.headers().location, "feed-details");
  expect(await ownerEmail("feeds", newId)).toBe(ownerAccount.email);
  await admin.dispose();
  await ownerClient.dispose();
});

test("bad input is a 4xx with the messages, never a 500, and stores nothing", async ({ playwright }) => {
  const client = await newClient(playwright, null);
  await signInToken(client, await createAccount({ products: ["macroeconomic"] }));
  const cases: [string, Record<string, string>, number][] = [
    ["/dashboard/econ/create-feed", { intent: "create", name: "No database" }, 422],
    ["/dashboard/econ/create-feed", { intent: "create", name: "", database: "DB01" }, 422],
    ["/dashboard/econ/create-feed", { intent: "create", name: "Bad country", database: "DB01", country: "ZZZ" }, 422],
    ["/dashboard/econ/create-feed", { intent: "create", name: "Bad database", database: "DB99" }, 422],
    ["/dashboard/econ/create-feed", { intent: "create", name: "Bad date", database: "DB01", updatedAfter: "yesterday" }, 422],
    ["/dashboard/econ/create-feed", { intent: "create", name: "Bad mail", database: "DB01", notificationEmail: "a@b.co, nope" }, 422],
    ["/dashboard/econ/create-feed", { intent: "create", name: "Bad hook", database: "DB01", notificationUrl: "http://[broken" }, 422],
    [
      "/dashboard/econ/create-feed",
      { intent: "create", name: "FTP", database: "DB01", deliveryMethod: "ftp", ftpUsername: "u", ftpPassword: "p" },
      422,
    ],
    [
      "/dashboard/econ/create-feed",
      {
        intent: "create",
        name: "Seal",
        database: "DB01",
        deliveryMethod: "ftp",
        ftpUrl: "ftp.example.com",
        ftpUsername: "u",
        ftpPasswordSealed: "v1:forged",
      },
      422,
    ],
    ["/dashboard/econ/create-feed", { intent: "launch", name: "Intent", database: "DB01" }, 400],
    ["/dashboard/econ/create-dump", { intent: "create", name: "No database" }, 422],
    ["/dashboard/econ/feeds", { intent: "explode", feedId: "x" }, 400],
    ["/dashboard/econ/feeds", { intent: "run" }, 400],
  ];
  for (const [path, form, status] of cases) {
    const response = await client.post(path, { form, maxRedirects: 0 });
    expect(response.status(), `POST ${path} ${JSON.stringify(form)}`).toBe(status);
  }
  const noDatabase = await client.post("/dashboard/econ/create-dump", { form: { intent: "preview", name: "x" }, maxRedirects: 0 });
  expect(await noDatabase.text()).toContain("Please select database.");
  const json = await client.post("/dashboard/econ/create-feed", { data: { intent: "create" }, maxRedirects: 0 });
  expect(json.status()).toBe(400);
  const mine = await client.get("/dashboard/econ/feeds");
  expect(await mine.text()).toContain("No records found.");
  await client.dispose();
});
