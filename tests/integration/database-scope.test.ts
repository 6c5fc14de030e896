import { beforeAll, describe, expect, it } from "vitest";
import { checkApiKey, generateApiKey } from "~/modules/auth/api-keys.server";
import {
  databaseAllowed,
  databasesCriterion,
  databaseScopeOf,
  storedDatabases,
  subscribedDatabases,
} from "~/modules/auth/database-scope.server";
import { demoAccounts, seedDemoAccounts } from "~/modules/auth/seed.server";
import { findUserByEmail, loadCurrentUser } from "~/modules/auth/users.server";
import type { KeysetPage, SeriesCriteria } from "~/modules/catalog/catalog";
import { GeneratedCatalog } from "~/modules/catalog/generated-catalog.server";
import { econLayout, generateSeries } from "~/modules/catalog/generator";
import { database, db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";

const DAY_MS = 24 * 60 * 60 * 1000;
const at = new Date("2026-03-01T00:00:00.000Z");
const day = (offset: number) => nowIso(new Date(at.getTime() + offset * DAY_MS));

async function insertUser(options: { admin?: boolean } = {}): Promise<string> {
  const id = newId();
  await db
    .insertInto("users")
    .values({
      id,
      email: `${id}@scope.test`,
      username: id,
      password_hash: "x",
      picture_type: null,
      created_at: nowIso(),
      is_admin: options.admin ? 1 : 0,
    })
    .execute();
  return id;
}

async function subscribe(
  userId: string,
  options: { product?: string; databases?: string | null; from?: number; to?: number } = {},
): Promise<void> {
  await db
    .insertInto("subscriptions")
    .values({
      id: newId(),
      user_id: userId,
      product: options.product ?? "macroeconomic",
      starts_at: day(options.from ?? -30),
      ends_at: day(options.to ?? 30),
      databases: options.databases ?? null,
    })
    .execute();
}

describe("the databases a user is subscribed to", () => {
  it("are none without an active macroeconomic subscription", async () => {
    expect(await subscribedDatabases(newId(), at)).toEqual([]);
    const user = await insertUser();
    expect(await subscribedDatabases(user, at)).toEqual([]);
    await subscribe(user, { product: "company" });
    await subscribe(user, { databases: storedDatabases(["DB01"]), to: -1 });
    await subscribe(user, { databases: null, from: 1 });
    expect(await subscribedDatabases(user, at)).toEqual([]);
  });

  it("are every database for a subscription from before the scope (null) and for admins", async () => {
    const user = await insertUser();
    await subscribe(user);
    expect(await subscribedDatabases(user, at)).toBe("all");
    expect(await subscribedDatabases(await insertUser({ admin: true }), at)).toBe("all");
  });

  it("are the union of the active subscriptions, sorted and without repeats", async () => {
    const user = await insertUser();
    await subscribe(user, { databases: storedDatabases(["DB03", "DB01"]) });
    await subscribe(user, { databases: storedDatabases(["DB01", "DB05"]), from: -10, to: 10 });
    await subscribe(user, { databases: null, to: -1 });
    expect(await subscribedDatabases(user, at)).toEqual(["DB01", "DB03", "DB05"]);
    expect(await subscribedDatabases(user, new Date(at.getTime() + 20 * DAY_MS))).toEqual(["DB01", "DB03"]);

    await subscribe(user, { databases: null, from: -1, to: 1 });
    expect(await subscribedDatabases(user, at)).toBe("all");
  });

  it("grant nothing from a stored value that cannot be read", async () => {
    const user = await insertUser();
    await subscribe(user, { databases: "not json" });
    await subscribe(user, { databases: JSON.stringify({ DB01: true }) });
    expect(await subscribedDatabases(user, at)).toEqual([]);
    await subscribe(user, { databases: storedDatabases([]) });
    expect(await subscribedDatabases(user, at)).toEqual([]);
  });

  it("are the same when read with an API key, as every data-API call reads them", async () => {
    const user = await insertUser();
    // In force from `at` to beyond today, as a key can only be generated under a subscription in force now.
    await subscribe(user, { databases: storedDatabases(["DB03", "DB01"]), to: 100 * 365 });
    await subscribe(user, { product: "company", databases: storedDatabases(["DB07"]), to: 100 * 365 });
    const key = await generateApiKey((await loadCurrentUser(user, "econ"))!, "econ");
    const check = await checkApiKey("econ", key!, at);
    if (!check.valid) throw new Error(`the key does not work: ${check.reason}`);
    expect(check.holder).toMatchObject({ userId: user, isAdmin: false, lastUsedAt: null });
    expect(databaseScopeOf(check.holder.isAdmin, check.holder.subscriptions)).toEqual(await subscribedDatabases(user, at));
    expect(databaseScopeOf(check.holder.isAdmin, check.holder.subscriptions)).toEqual(["DB01", "DB03"]);
    expect(databaseScopeOf(true, check.holder.subscriptions)).toBe("all");
  });

  it("decide which database is allowed", () => {
    expect(databaseAllowed("all", "DB04")).toBe(true);
    expect(databaseAllowed(["DB01", "DB02"], "DB02")).toBe(true);
    expect(databaseAllowed(["DB01", "DB02"], "DB03")).toBe(false);
    expect(databaseAllowed([], "DB01")).toBe(false);
    expect(databasesCriterion("all")).toEqual({});
    expect(databasesCriterion(["DB02"])).toEqual({ databases: ["DB02"] });
  });

  it("are two real databases for the demo macroeconomic subscriber and every one for the admin", async () => {
    await seedDemoAccounts();
    const layout = econLayout().map((entry) => entry.id);
    const macro = await subscribedDatabases((await findUserByEmail("macro@demo.test"))!.id);
    expect(macro).toEqual(["DB01", "DB02"]);
    expect(layout).toEqual(expect.arrayContaining(["DB01", "DB02"]));
    expect(layout.length).toBeGreaterThan(2);
    expect(await subscribedDatabases((await findUserByEmail("admin@demo.test"))!.id)).toBe("all");
    const scoped = demoAccounts.filter((account) => account.databases);
    expect(scoped.map((account) => account.email)).toEqual(["macro@demo.test"]);
  });
});

describe("series criteria restricted to databases", () => {
  const size = 600;
  const catalog = new GeneratedCatalog(database, { series: size, companies: 0, documents: 0 });
  const series = Array.from({ length: size }, (_, index) => generateSeries(index).record);
  const idsOf = (match: (item: (typeof series)[number]) => boolean) => series.filter(match).map((item) => item.id);

  async function pagedIds(criteria: SeriesCriteria): Promise<string[]> {
    const ids: string[] = [];
    let page: KeysetPage = { limit: 97 };
    for (;;) {
      const rows = await catalog.seriesPage(criteria, page);
      ids.push(...rows.map((row) => row.id));
      if (rows.length < page.limit) return ids;
      page = { limit: page.limit, afterId: rows[rows.length - 1]!.id };
    }
  }

  beforeAll(async () => {
    await catalog.seed();
  });

  it("select only series of those databases, for every reader", async () => {
    const chosen = ["DB01", "DB03"];
    const expected = idsOf((item) => chosen.includes(item.database));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(size);
    expect(await pagedIds({ databases: chosen })).toEqual(expected);
    expect(await catalog.countSeries({ databases: chosen })).toBe(expected.length);
    const searched = await catalog.searchSeries({ databases: chosen, order: "name" }, { offset: 0, limit: size });
    expect(searched.map((item) => item.id).sort()).toEqual(expected);
    const changed = await catalog.changedSeries({ databases: chosen }, "1900-01-01", { limit: size });
    expect(changed.map((item) => item.id)).toEqual(expected);
  });

  it("leave out listed series of other databases, and combine with the chosen database", async () => {
    const inside = idsOf((item) => item.database === "DB01").slice(0, 2);
    const outside = idsOf((item) => item.database !== "DB01").slice(0, 2);
    expect(await pagedIds({ databases: ["DB01"], seriesIds: [...inside, ...outside] })).toEqual(inside);
    const german = idsOf((item) => item.database === "DB01" && item.country === "DE");
    expect(german.length).toBeGreaterThan(0);
    expect(await pagedIds({ databases: ["DB01", "DB02"], database: "DB01", country: ["DE"] })).toEqual(german);
    expect(await pagedIds({ databases: ["DB02"], database: "DB01" })).toEqual([]);
  });

  it("select nothing with an empty list, and everything without one", async () => {
    expect(await pagedIds({ databases: [] })).toEqual([]);
    expect(await catalog.countSeries({ databases: [], seriesIds: [series[0]!.id] })).toBe(0);
    expect(await catalog.countSeries({ ...databasesCriterion("all") })).toBe(size);
  });
});
