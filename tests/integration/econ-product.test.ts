import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CATALOG_SERIES = "300";
  process.env.CATALOG_COMPANIES = "10";
  process.env.CATALOG_DOCUMENTS = "10";
});

import { storedDatabases } from "~/modules/auth/database-scope.server";
import type { SeriesRecord } from "~/modules/catalog/catalog";
import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import { econPipeline } from "~/modules/products/econ/econ-pipeline.server";
import { econDumpSchema, econFormValues } from "~/modules/products/econ/econ-form";
import { econCriteriaSchema, econProduct } from "~/modules/products/econ/econ.server";
import { insertMacroSubscriber } from "../support/subscribers";

/** The macroeconomic descriptor against the catalog, for a subscriber whose subscription covers DB01 only. */

let scoped: string;
let unrestricted: string;
let series: SeriesRecord[];

const subscriber = async (databases?: readonly string[]) => (await insertMacroSubscriber({ label: "econ-product", databases })).id;

const dump = (body: Record<string, unknown>) => econDumpSchema.parse(econFormValues({ name: "Dump", ...body }));

beforeAll(async () => {
  await prepareCatalog();
  series = await getCatalog().seriesPage({}, { limit: 300 });
  scoped = await subscriber(["DB01"]);
  unrestricted = await subscriber();
}, 120_000);

describe("macroeconomic subscriptions per database", () => {
  it("offer only the subscribed databases, with their topics, sections and tables", async () => {
    const options = await econProduct.loadOptions({ userId: scoped });
    expect(options.databases.map((database) => database.value)).toEqual(["DB01"]);
    const topics = new Set(options.topics.map((topic) => topic.value));
    expect(options.topics.every((topic) => topic.parent === "DB01")).toBe(true);
    expect(options.sections.every((section) => section.parent !== undefined && topics.has(section.parent))).toBe(true);
    const all = await econProduct.loadOptions({ userId: unrestricted });
    expect(all.databases.length).toBeGreaterThan(1);
  });

  it("refuse a database outside the subscription", async () => {
    const other = (await econProduct.loadOptions({ userId: unrestricted })).databases.find((database) => database.value !== "DB01");
    const check = await econProduct.checkSelection(dump({ database: other?.value }), { userId: scoped });
    expect(check.errors.database).toBe("validation.databaseNotSubscribed");
    expect((await econProduct.checkSelection(dump({ database: "DB01" }), { userId: scoped })).errors).toEqual({});
  });

  it("with “subscribed only”, a run reads the databases the owner is subscribed to when it runs", async () => {
    const owner = await subscriber(["DB01", "DB02"]);
    const inDb02 = series.filter((record) => record.database === "DB02").slice(0, 3);
    expect(inDb02.length).toBeGreaterThan(0);
    const run = async (subscribedOnly: boolean) => {
      const values = dump({ database: "DB02", seriesIds: inDb02.map((record) => record.id), subscribedOnly, metadataOnly: true });
      const criteria = econCriteriaSchema.parse(JSON.parse(JSON.stringify(econProduct.toCriteria(values))));
      const pipeline = await econPipeline({ catalog: getCatalog(), criteria, options: econProduct.toOptions(values), ownerId: owner });
      const written: { id: string }[] = [];
      for await (const page of pipeline.dump()) written.push(...(page as { id: string }[]));
      expect(await pipeline.count()).toBe(written.length);
      return written.map((record) => record.id);
    };
    expect(await run(true)).toEqual(inDb02.map((record) => record.id));

    // The subscription narrows to DB01: the next run of a "subscribed only" selection delivers nothing of DB02.
    await db
      .updateTable("subscriptions")
      .set({ databases: storedDatabases(["DB01"]) })
      .where("user_id", "=", owner)
      .execute();
    expect(await run(true)).toEqual([]);
    expect(await run(false)).toEqual(inDb02.map((record) => record.id));
  });
});
