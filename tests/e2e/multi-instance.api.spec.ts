import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { randomToken, sha256 } from "../../app/modules/auth/crypto.server";
import { findPostgresBin } from "../support/postgres-bin";
import { Redis } from "ioredis";
import { redisInstalled } from "../support/redis";
import { Teardown, specSet, startRedisPair, startWorld, type World } from "./support/instances";
import type { RoundRobinProxy } from "./support/round-robin-proxy";
import { upstreamHeader } from "./support/round-robin-proxy";
import { test } from "./support/test";

/**
 * Issue 17: two web instances (WORKER=off) and two workers on one PostgreSQL, behind a round-robin proxy, behave
 * as one portal: sessions, dumps, specification reloads and the page cache, rate limits, concurrent form posts
 * and a worker killed mid-dump. The file starts that world itself (tests/e2e/support/instances.ts); the shared
 * e2e server is not used, so its tests are @no-db and run once (tests/e2e/support/run-e2e.mjs).
 */

test.describe.configure({ mode: "serial" });
test.skip(
  !findPostgresBin() && process.env.REQUIRE_POSTGRES !== "1",
  "PostgreSQL is not installed (Debian's postgresql package): the multi-instance test runs its own cluster",
);

const admin = { email: "admin@demo.test", password: "demo-password" };
const macro = { email: "macro@demo.test", password: "demo-password" };

const teardown = new Teardown();
let world: World;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  world = await startWorld(teardown);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await teardown.run();
});

const upstreamOf = (response: Response) => response.headers.get(upstreamHeader);
const pidOf = (baseURL: string) => world.web.find((web) => web.baseURL === baseURL)!.pid;

/** A request through the proxy, or to one instance when `base` names it. */
function send(
  url: string,
  options: { base?: string; token?: string; headers?: Record<string, string>; method?: string; body?: BodyInit },
): Promise<Response> {
  const headers = { ...options.headers, ...(options.token ? { Cookie: `token=${options.token}` } : {}) };
  return fetch(`${options.base ?? world.proxy.url}${url}`, { method: options.method, headers, body: options.body, redirect: "manual" });
}

async function signIn(account: { email: string; password: string }, platform = "econ") {
  const body = new URLSearchParams({ email: account.email, password: account.password, redirectTo: "/dashboard" });
  const response = await send(`/login/${platform}`, { method: "POST", body });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("token="));
  expect(response.status, await response.text()).toBe(302);
  return { token: cookie!.slice("token=".length).split(";")[0]!, upstream: upstreamOf(response)! };
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, `${response.url}: ${text.slice(0, 300)}`).toBe(status);
  return JSON.parse(text) as T;
}

interface Dump {
  id: string;
  status: string;
  processed: number;
  total: number;
  progress: number;
  files: { id: string; downloadUrl: string }[];
}

interface AdminDashboard {
  instances: { id: string; kind: string; here: boolean; state: string }[];
}

test("a session signed in through one instance goes on through the other, and signing out ends it on both", { tag: "@no-db" }, async () => {
  const session = await signIn(admin);
  expect(world.proxy.upstreams).toContain(session.upstream);

  // Through the proxy the next requests alternate: the admin dashboard page and its JSON come from each instance.
  const pages = [
    await send("/dashboard/admin/dashboard", { token: session.token }),
    await send("/dashboard/admin/dashboard", { token: session.token }),
  ];
  expect(pages.map((page) => page.status)).toEqual([200, 200]);
  expect(pages.map(upstreamOf).sort()).toEqual([...world.proxy.upstreams].sort());
  for (const page of pages) expect(await page.text()).toContain("Ada Admin");
  for (let turn = 0; turn < 2; turn++) {
    const response = await send("/api/admin/dashboard", { token: session.token });
    const dashboard = await json<AdminDashboard>(response, 200);
    const here = dashboard.instances.filter((instance) => instance.here && instance.kind === "web");
    expect(here.map((instance) => instance.id)).toEqual([expect.stringContaining(`:${pidOf(upstreamOf(response)!)}:`)]);
  }

  // The same cookie, sent to each instance directly, is the same signed-in admin; both see all four processes live.
  for (const web of world.web) {
    const dashboard = await json<AdminDashboard>(await send("/api/admin/dashboard", { base: web.baseURL, token: session.token }), 200);
    expect(dashboard.instances.find((instance) => instance.here && instance.kind === "web")?.id).toContain(`:${web.pid}:`);
    const live = dashboard.instances.filter((instance) => instance.state === "live");
    expect(live.map((instance) => instance.kind).sort()).toEqual(["web", "web", "worker", "worker"]);
  }

  const signOut = await send("/logout", { token: session.token, method: "POST" });
  expect(signOut.status).toBe(302);
  for (const web of world.web) {
    expect((await send("/api/admin/dashboard", { base: web.baseURL, token: session.token })).status, web.baseURL).toBe(401);
  }
});

test("a dump created through one instance is followed to its file through the other", { tag: "@no-db" }, async () => {
  const { token } = await signIn(macro);
  const [first, second] = world.web;
  const created = await json<{ id: string }>(
    await send("/api/econ-dump", {
      base: first.baseURL,
      token,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Seen elsewhere", database: "DB01", vintages: true, format: "json" }),
    }),
    201,
  );
  const seen: Dump[] = [];
  await expect
    .poll(
      async () => {
        const dump = await json<Dump>(await send(`/api/econ-dump?id=${created.id}`, { base: second.baseURL, token }), 200);
        seen.push(dump);
        return dump.status;
      },
      { timeout: 30_000, intervals: [50] },
    )
    .toBe("completed");
  expect(["queued", "running"]).toContain(seen[0]!.status);
  const progress = seen.map((dump) => dump.progress);
  expect(progress).toEqual([...progress].sort((a, b) => a - b));
  const done = seen.at(-1)!;
  expect(done).toMatchObject({ progress: 100, processed: done.total });
  expect(done.total).toBeGreaterThan(0);
  expect(done.files).toHaveLength(1);

  // The file one worker wrote into the shared DATA_DIR is served by either instance.
  const downloads = await Promise.all(world.web.map((web) => send(done.files[0]!.downloadUrl, { base: web.baseURL, token })));
  expect(downloads.map((download) => download.status)).toEqual([200, 200]);
  const [fromFirst, fromSecond] = await Promise.all(downloads.map((download) => download.text()));
  expect(fromSecond).toBe(fromFirst);
  const file = JSON.parse(fromFirst!) as { dump: { id: string; total: number }; series: unknown[] };
  expect(file.dump).toMatchObject({ id: created.id, total: done.total });
  expect(file.series).toHaveLength(done.total);
});

/** The dump whose worker is killed: its lease runs out while the next tests run, and the last test follows it. */
let interrupted: { id: string; notified: string; token: string };
const dumpRow = (id: string) => world.database.db.selectFrom("dumps").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const jobRow = (id: string) => world.database.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const filesOf = (dumpId: string) => world.database.db.selectFrom("files").selectAll().where("dump_id", "=", dumpId).execute();

test("a worker killed mid-dump leaves the dump running, with no file recorded or written", { tag: "@no-db" }, async () => {
  const { token } = await signIn(admin);
  const notified = `killed-${Date.now()}@example.com`;
  // The address followed its confirmation link: notifications reach it (issue 27).
  const { db } = world.database;
  const owner = await db.selectFrom("users").select("id").where("email", "=", admin.email).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  await db
    .insertInto("notification_addresses")
    .values({
      id: randomToken(12),
      user_id: owner.id,
      address: notified,
      language: "en",
      token_hash: null,
      requested_at: now,
      confirmed_at: now,
    })
    .execute();
  const created = await json<{ id: string }>(
    await send("/api/econ-dump", {
      token,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Interrupted", database: "DB01", vintages: true, format: "xml", notificationEmail: notified }),
    }),
    201,
  );
  interrupted = { id: created.id, notified, token };

  // Caught half-way: the worker holding the job is ended as a crash would end it.
  let midway = await dumpRow(created.id);
  while (!(midway.status === "running" && midway.processed > 0)) {
    expect(midway.status).toMatch(/^(queued|running)$/);
    await new Promise((resolve) => setTimeout(resolve, 10));
    midway = await dumpRow(created.id);
  }
  const lockedBy = (await jobRow(midway.job_id!)).locked_by!;
  const holder = world.workers.find((worker) => lockedBy.includes(`:${worker.enginePid}:`));
  expect(holder, `the job is held by ${lockedBy}`).toBeDefined();
  await holder!.kill();
  const afterKill = await dumpRow(created.id);
  expect(afterKill.status).toBe("running");
  expect(afterKill.processed).toBeLessThan(afterKill.total);
  expect(await filesOf(created.id)).toEqual([]);
  const folder = path.join(world.dataDir, "files", afterKill.user_id);
  const written = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  expect(written.filter((name) => name.startsWith(created.id) && !name.endsWith(".partial"))).toEqual([]);
});

test("a specification reload on one instance reaches the other within seconds and empties its page cache", { tag: "@no-db" }, async () => {
  const [first, second] = world.web;
  const routingData = `/api/routing/data/${specSet}`;
  const overview = "/docs/estate/api-v1";
  const paths = async (response: Response) =>
    Object.keys((await json<{ swaggerSpec: { paths: object } }>(response, 200)).swaggerSpec.paths);
  // Anonymous readers of the second instance get its cached copies.
  for (const url of [routingData, overview]) {
    await (await send(url, { base: second.baseURL })).arrayBuffer();
    const cached = await send(url, { base: second.baseURL });
    expect([cached.status, cached.headers.get("x-cache")], url).toEqual([200, "hit"]);
    await cached.arrayBuffer();
  }
  expect(await paths(await send(routingData, { base: second.baseURL }))).toEqual(["/okapi"]);

  world.spec.write("quagga");
  const { token } = await signIn(admin);
  const reloaded = await json<{ reloaded: { set: string; version: number }[]; failed: unknown[] }>(
    await send("/api/admin/dashboard", {
      base: first.baseURL,
      token,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ set: specSet }),
    }),
    200,
  );
  expect(reloaded).toEqual({ reloaded: [{ set: specSet, version: expect.any(Number) }], failed: [] });
  const reloadedAt = Date.now();
  // A cookie keeps these looks out of the cache, so the cache is checked only once the reload arrived.
  await expect
    .poll(async () => paths(await send(routingData, { base: second.baseURL, headers: { Cookie: "look=1" } })), {
      timeout: 5_000,
      intervals: [100],
    })
    .toEqual(["/quagga"]);
  expect(Date.now() - reloadedAt).toBeLessThan(4_000);

  const fresh = await send(routingData, { base: second.baseURL });
  expect(fresh.headers.get("x-cache")).toBe("miss");
  expect(await paths(fresh)).toEqual(["/quagga"]);
  const page = await send(overview, { base: second.baseURL });
  expect([page.status, page.headers.get("x-cache")]).toEqual([200, "miss"]);
  await page.arrayBuffer();
  const search = await json<{ total: number }>(await send(`/api/search?q=quagga&set=${specSet}`, { base: second.baseURL }), 200);
  expect(search.total).toBeGreaterThan(0);
});

/**
 * Posts six messages without a captcha through `proxy`: CONTACT_UNVERIFIED_LIMIT=4 per client address (the proxy's,
 * whichever instance answers) lets four through, and both instances refuse the rest.
 */
async function expectContactLimitShared(proxy: RoundRobinProxy, prefix: string) {
  const post = (index: number) =>
    send("/api/form/general-inquiry", {
      base: proxy.url,
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Script", email: `${prefix}-${index}@example.com`, subject: "API", text: "Posted by a program" }),
    });
  const answers = [];
  for (let index = 0; index < 6; index++) answers.push(await post(index));
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 429, 429]);
  expect(new Set(answers.slice(0, 4).map(upstreamOf)).size).toBe(2);
  expect(new Set(answers.slice(4).map(upstreamOf)).size).toBe(2);
  for (const refused of answers.slice(4)) {
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many unverified messages from your network/);
  }
  const stored = await world.database.db.selectFrom("contact_messages").select("email").where("email", "like", `${prefix}-%`).execute();
  expect(stored.map((row) => row.email).sort()).toEqual([0, 1, 2, 3].map((index) => `${prefix}-${index}@example.com`));
}

/** The database's count of the proxies' unverified contact messages (both proxies post from 127.0.0.1). */
async function unverifiedInDatabase(): Promise<number | undefined> {
  const row = await world.database.db
    .selectFrom("rate_limits")
    .select("points")
    .where("key", "like", "contact:unverified:%")
    .executeTakeFirst();
  return row?.points;
}

test(
  "the contact form's limit for messages without a captcha counts posts through both instances together",
  { tag: "@no-db" },
  async () => {
    await expectContactLimitShared(world.proxy, "limit");
    expect(await unverifiedInDatabase()).toBe(4);
  },
);

test(
  "with REDIS_URL two more instances share the limits and the in-flight rule in Redis, and the database counts none of their posts",
  { tag: "@no-db" },
  async () => {
    test.skip(!redisInstalled(), "redis-server is not installed (Debian's redis-server package)");
    test.setTimeout(90_000);
    const pair = await startRedisPair(world, teardown);
    // The same address already spent its four in the database: these instances count afresh, in Redis.
    await expectContactLimitShared(pair.proxy, "redis-limit");
    expect(await unverifiedInDatabase()).toBe(4);
    const redis = new Redis(pair.redisUrl);
    try {
      const [key] = await redis.keys("contact:unverified:*");
      expect(Number(await redis.get(key!))).toBe(4);
      expect(await redis.pttl(key!)).toBeGreaterThan(3_000_000);

      // The data APIs' in-flight rule reads Redis too: a call another instance holds there refuses the account's next.
      const { token } = await signIn(macro);
      const { token: apiKey } = await json<{ token: string }>(
        await send("/api/auth/generate-macro-token", { base: pair.proxy.url, token, method: "POST" }),
        200,
      );
      const owner = await world.database.db.selectFrom("users").select("id").where("email", "=", macro.email).executeTakeFirstOrThrow();
      const inFlight = `in-flight:data-api:account:${owner.id}`;
      await redis.set(inFlight, "1", "PX", 30_000);
      const call = () => send(`/data-api/macroeconomic/dictionary/regions?token=${apiKey}`, { base: pair.proxy.url });
      const refused = [await call(), await call()];
      expect(new Set(refused.map(upstreamOf)).size).toBe(2);
      for (const answer of refused) {
        expect([answer.status, answer.headers.get("retry-after")]).toEqual([429, "1"]);
        expect(((await answer.json()) as { error: string }).error).toMatch(/sequential/);
      }
      await redis.del(inFlight);
      expect((await call()).status).toBe(200);
    } finally {
      redis.disconnect();
    }
  },
);

test(
  "200 concurrent posts of one sandbox access link through both instances issue its trial key exactly once",
  { tag: "@no-db" },
  async () => {
    const { db } = world.database;
    const token = randomToken(32);
    const registrationId = `multi-instance-${Date.now()}`;
    const now = new Date();
    await db
      .insertInto("sandbox_registrations")
      .values({
        id: registrationId,
        created_at: now.toISOString(),
        name: "Ada",
        surname: "Lovelace",
        company_name: "Engines",
        job_title: "Analyst",
        email: "ada@example.com",
        country: "GB",
        message: null,
        consent: 1,
        offers: 0,
        language: "en",
        token_hash: sha256(token),
        link_expires_at: new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString(),
        key_issued_at: null,
      })
      .execute();

    // Half as a browser without JavaScript posts the form (the page comes back), half as Remix posts it with JavaScript.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        send(`/api-products/econ/sandbox/${token}${index % 2 ? ".data" : ""}`, { method: "POST", body: new URLSearchParams() }).then(
          async (response) => ({ status: response.status, upstream: upstreamOf(response), body: await response.text() }),
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(199);
    expect(new Set(answers.map((answer) => answer.upstream)).size).toBe(2);

    const keys = await db.selectFrom("trial_keys").select("key_hash").where("registration_id", "=", registrationId).execute();
    expect(keys).toHaveLength(1);
    const shown = answers.find((answer) => answer.status === 200)!.body.match(/sbx_[\w-]+/)?.[0];
    expect(shown && sha256(shown)).toBe(keys[0]!.key_hash);
  },
);

test("the other worker takes the killed worker's dump over: one complete file, delivered once", { tag: "@no-db" }, async () => {
  // The lease (30 s) ran out during the tests above, or runs out now; the dump then runs again from the start.
  test.setTimeout(45_000);
  const { db } = world.database;
  const { id, notified, token } = interrupted;
  let done = await dumpRow(id);
  while (done.status === "running" || done.status === "queued") {
    await new Promise((resolve) => setTimeout(resolve, 250));
    done = await dumpRow(id);
  }
  expect(done).toMatchObject({ status: "completed", processed: done.total });
  // The dump is marked completed inside its job, a moment before the job itself is marked done.
  await expect.poll(async () => (await jobRow(done.job_id!)).status, { timeout: 10_000 }).toBe("done");
  expect(await jobRow(done.job_id!)).toMatchObject({ status: "done", attempts: 2 });

  const files = await filesOf(id);
  expect(files).toHaveLength(1);
  const folder = path.join(world.dataDir, path.dirname(files[0]!.path));
  expect(fs.readdirSync(folder).filter((name) => name.startsWith(id))).toEqual([path.basename(files[0]!.path)]);
  expect(fs.readdirSync(folder).filter((name) => name.endsWith(".partial"))).toEqual([]);
  const xml = fs.readFileSync(path.join(world.dataDir, files[0]!.path), "utf8");
  expect(xml.match(/<series>\n\s+<id>/g)).toHaveLength(done.total);
  expect(xml.trim().endsWith("</dump>")).toBe(true);
  expect(Buffer.byteLength(xml)).toBe(files[0]!.size);

  // One notification, delivered once, and the dump's completion shows through both instances.
  await expect
    .poll(async () => (await db.selectFrom("outbox").select("id").where("recipient", "=", notified).execute()).length, { timeout: 15_000 })
    .toBe(1);
  const deliveries = await db.selectFrom("deliveries").select(["channel", "status"]).where("dump_id", "=", id).execute();
  expect(deliveries).toEqual([{ channel: "email", status: expect.any(String) }]);
  for (let turn = 0; turn < 2; turn++) {
    const shown = await json<Dump>(await send(`/api/econ-dump?id=${id}`, { token }), 200);
    expect(shown).toMatchObject({ status: "completed", progress: 100, files: [{ id: files[0]!.id }] });
  }
});
