import { beforeAll, describe, expect, it } from "vitest";
import type { CompanyCriteria, DocumentCriteria, KeysetPage, SeriesCriteria } from "~/modules/catalog/catalog";
import { GeneratedCatalog } from "~/modules/catalog/generated-catalog.server";
import {
  generateCompany,
  generateDocument,
  generateSeries,
  type GeneratedCompany,
  type GeneratedDocument,
  type GeneratedSeries,
} from "~/modules/catalog/generator";
import { corpCompanyOptions, documentsOptions, econOptions } from "~/modules/catalog/options.server";
import { seriesRow } from "~/modules/catalog/catalog-rows";
import { nextPeriodDate } from "~/modules/catalog/periods";
import { latestValuesJson, selectPoints } from "~/modules/catalog/points";
import { previewCompanies, previewDocuments, previewSeries } from "~/modules/catalog/previews.server";
import { database, db } from "~/modules/db/db.server";
import { RecordWithDateValues } from "~/modules/delivery/serialize";
import { seriesRecordWithDateValues } from "~/modules/feeds/records";

const sizes = { series: 1200, companies: 300, documents: 200 };
const catalog = new GeneratedCatalog(database, sizes);

const range = (count: number) => Array.from({ length: count }, (_, i) => i);
const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();

/** Every id a keyset reader returns, page after page. */
async function readAll(read: (page: KeysetPage) => Promise<{ id: string }[]>, limit = 250): Promise<string[]> {
  const ids: string[] = [];
  let afterId: string | null = null;
  for (;;) {
    const page = await read({ afterId, limit });
    ids.push(...page.map((item) => item.id));
    if (page.length < limit) return ids;
    afterId = page[page.length - 1]!.id;
  }
}

const seriesIds = (criteria: SeriesCriteria) => readAll((page) => catalog.seriesPage(criteria, page));
const companyIds = (criteria: CompanyCriteria) => readAll((page) => catalog.companyPage(criteria, page));
const documentIds = (criteria: DocumentCriteria) => readAll((page) => catalog.documentPage(criteria, page));

describe("seeding the generated catalog", () => {
  it("does nothing when seeded with the same sizes, and replaces a catalog of other sizes", async () => {
    const small = new GeneratedCatalog(database, { series: 40, companies: 10, documents: 5 });
    await small.seed(new Date("2026-01-01T00:00:00.000Z"));
    await small.seed(new Date("2026-02-01T00:00:00.000Z"));
    const state = await db.selectFrom("catalog_state").selectAll().executeTakeFirstOrThrow();
    expect(state).toMatchObject({ series_count: 40, company_count: 10, document_count: 5, seeded_at: "2026-01-01T00:00:00.000Z" });
    expect(await small.countSeries({})).toBe(40);

    const first = await small.advance(new Date("2026-03-01T00:00:00.000Z"));
    const points = await small.seriesPoints(first.appendedSeries);
    await new GeneratedCatalog(database, { series: 41, companies: 10, documents: 5 }).seed();
    expect(await small.countSeries({})).toBe(41);
    await small.seed();
    expect(await small.countSeries({})).toBe(40);
    expect(await small.advance(new Date("2026-03-01T00:00:00.000Z"))).toEqual(first);
    expect(await small.seriesPoints(first.appendedSeries)).toEqual(points);
  });

  it("refuses more series than the generator can make", async () => {
    await expect(new GeneratedCatalog(database, { series: 10_000_000, companies: 0, documents: 0 }).seed()).rejects.toThrow(
      /CATALOG_SERIES can be at most/,
    );
  });
});

describe("the generated catalog", () => {
  let series: GeneratedSeries[];
  let companies: GeneratedCompany[];
  let documents: GeneratedDocument[];

  beforeAll(async () => {
    await catalog.seed();
    series = range(sizes.series).map(generateSeries);
    companies = range(sizes.companies).map(generateCompany);
    documents = range(sizes.documents).map(generateDocument);
  });

  describe("series", () => {
    it("stores exactly what the generator makes", async () => {
      expect(await catalog.countSeries({})).toBe(sizes.series);
      const page = await catalog.seriesPage({}, { limit: 50 });
      expect(page).toEqual(series.slice(0, 50).map((item) => item.record));
    });

    it("filters by each criterion", async () => {
      const probe = series.find((item) => item.record.database === "DB01")!.record;
      const cases: [string, SeriesCriteria, (item: GeneratedSeries) => boolean][] = [
        ["keyword", { keyword: "Gross  DOMESTIC" }, (item) => item.searchText.includes("gross") && item.searchText.includes("domestic")],
        ["keyword in names only", { keyword: "germany", nameOnly: true }, (item) => item.record.name.toLowerCase().includes("germany")],
        ["keyword beyond names", { keyword: "nominal" }, (item) => item.searchText.includes("nominal")],
        ["frequency", { frequency: ["quarterly", "annual"] }, (item) => ["quarterly", "annual"].includes(item.record.frequency)],
        ["country", { country: ["DE", "CN"] }, (item) => ["DE", "CN"].includes(item.record.country)],
        ["region", { region: ["AP"] }, (item) => item.record.region === "AP"],
        ["unit", { unit: ["PCT-YOY", "IDX2015"] }, (item) => ["PCT-YOY", "IDX2015"].includes(item.record.unit)],
        ["indicator", { indicator: ["GDP", "CPI"] }, (item) => ["GDP", "CPI"].includes(item.record.indicator)],
        ["topic", { topic: [probe.topic] }, (item) => item.record.topic === probe.topic],
        ["section", { section: [probe.section] }, (item) => item.record.section === probe.section],
        ["table", { table: [probe.table] }, (item) => item.record.table === probe.table],
        ["source", { source: ["CB"] }, (item) => item.record.source === "CB"],
        ["database", { database: "DB02" }, (item) => item.record.database === "DB02"],
        ["start date before", { startDateBefore: "2000-01-01" }, (item) => item.record.startDate < "2000-01-01"],
        ["end date after", { endDateAfter: "2025-05-01" }, (item) => item.record.endDate > "2025-05-01"],
        ["created after", { createdAfter: "1999-01-01" }, (item) => item.record.createdAt > "1999-01-01T00:00:00.000Z"],
        ["updated after", { updatedAfter: "2025-06-01T00:00:00Z" }, (item) => item.record.lastUpdate > "2025-06-01T00:00:00.000Z"],
        ["key only", { keyOnly: true }, (item) => item.record.key],
        [
          "several criteria",
          { database: "DB01", country: ["DE", "FR", "US"], frequency: ["quarterly"] },
          (item) =>
            item.record.database === "DB01" && ["DE", "FR", "US"].includes(item.record.country) && item.record.frequency === "quarterly",
        ],
      ];
      for (const [name, criteria, matches] of cases) {
        const expected = series.filter(matches).map((item) => item.record.id);
        expect(expected.length, name).toBeGreaterThan(0);
        expect(expected.length, name).toBeLessThan(sizes.series);
        expect(await seriesIds(criteria), name).toEqual(expected);
        expect(await catalog.countSeries(criteria), name).toBe(expected.length);
      }
      expect(await seriesIds({ keyword: "nominal", nameOnly: true })).toEqual([]);
      expect(await seriesIds({ keyword: "100%_" })).toEqual([]);
    });

    it("combines listed ids and criteria as a union, within the database", async () => {
      const german = series.filter((item) => item.record.database === "DB01" && item.record.country === "DE");
      const listed = series.filter((item) => item.record.database === "DB01" && item.record.country !== "DE").slice(0, 3);
      const elsewhere = series.find((item) => item.record.database !== "DB01")!;
      const ids = [...listed, elsewhere].map((item) => item.record.id);
      const criteria: SeriesCriteria = { database: "DB01", country: ["DE"], seriesIds: ids };
      expect(await seriesIds(criteria)).toEqual(sorted([...german, ...listed].map((item) => item.record.id)));
      expect(await catalog.countSeries(criteria)).toBe(german.length + listed.length);
      expect(await seriesIds({ database: "DB01", seriesIds: ids })).toEqual(sorted(listed.map((item) => item.record.id)));
      expect(await seriesIds({ seriesIds: ids })).toEqual(sorted(ids));
    });

    it("takes id lists of any length", async () => {
      const ids = [...range(60_000).map((i) => `XX${i}`), "SR0000007", "SR0000003"];
      expect(await seriesIds({ seriesIds: ids })).toEqual(["SR0000003", "SR0000007"]);
      expect(await catalog.countSeries({ seriesIds: ids, keyword: "nothing-matches-this" })).toBe(2);
    });

    it("pages by id, covering every series exactly once and resuming after any id", async () => {
      const criteria = { database: "DB01" };
      const ids = await readAll((page) => catalog.seriesPage(criteria, page), 37);
      expect(ids).toEqual(sorted(ids));
      expect(ids).toHaveLength(await catalog.countSeries(criteria));
      const resumed = await readAll((page) => catalog.seriesPage(criteria, { ...page, afterId: page.afterId ?? ids[99] }), 37);
      expect(resumed).toEqual(ids.slice(100));
    });

    it("orders a search by name or last update, in either direction", async () => {
      const byName = await catalog.searchSeries({ database: "DB02", order: "name", direction: "desc" }, { offset: 5, limit: 20 });
      const names = series
        .filter((item) => item.record.database === "DB02")
        .map((item) => item.record)
        .sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? 1 : -1));
      expect(byName.map((item) => item.id)).toEqual(names.slice(5, 25).map((item) => item.id));
      const byUpdate = await catalog.searchSeries({ order: "updated" }, { offset: 0, limit: 1200 });
      expect(byUpdate.map((item) => item.lastUpdate)).toEqual(series.map((item) => item.record.lastUpdate).sort());
    });

    it.each([
      ["SQL", async () => new GeneratedCatalog(database, sizes, { keywordIndex: false })],
      [
        "the keyword index in memory",
        async () => {
          await catalog.keywordIndexReady();
          return catalog;
        },
      ],
    ])("finds every word of a keyword anywhere, in any case and of any length, through %s", async (_, searched) => {
      const catalog = await searched();
      const keywords = [
        "GDP",
        "gdp Nominal",
        "Gross  DOMESTIC pRoDuCt",
        "de",
        "ex PORTS",
        "SR00001",
        "a",
        "or",
        "NOT gdp",
        '"gdp"',
        "100%_",
      ];
      for (const keyword of keywords) {
        const words = keyword.toLowerCase().split(/\s+/).filter(Boolean);
        const expected = series.filter((item) => words.every((word) => item.searchText.includes(word))).map((item) => item.record);
        expect(await catalog.countSeries({ keyword }), keyword).toBe(expected.length);
        // A small window of many matches reads the series in id order, one of few matches takes the index's rows, and
        // another order asks the index within the query.
        for (const window of [
          { offset: 0, limit: 5 },
          { offset: 3, limit: 1200 },
        ]) {
          const found = await catalog.searchSeries({ keyword }, window);
          expect(
            found.map((item) => item.id),
            keyword,
          ).toEqual(expected.slice(window.offset, window.offset + window.limit).map((item) => item.id));
        }
        const byName = await catalog.searchSeries({ keyword, order: "name", direction: "desc" }, { offset: 0, limit: 1200 });
        expect(byName.length, keyword).toBe(expected.length);
        const backwards = await catalog.searchSeries({ keyword, direction: "desc" }, { offset: 2, limit: 7 });
        expect(
          backwards.map((item) => item.id),
          keyword,
        ).toEqual(
          [...expected]
            .reverse()
            .slice(2, 9)
            .map((item) => item.id),
        );
      }
      const scoped = series.filter((item) => item.record.database === "DB02" && item.searchText.includes("gdp"));
      expect(await catalog.countSeries({ keyword: "gdp", databases: ["DB02"] })).toBe(scoped.length);
      const scopedWindow = await catalog.searchSeries(
        { keyword: "gdp", database: "DB02", databases: ["DB01", "DB02"] },
        { offset: 1, limit: 5 },
      );
      expect(scopedWindow.map((item) => item.id)).toEqual(scoped.slice(1, 6).map((item) => item.record.id));
      expect(await catalog.countSeries({ keyword: "gdp", databases: [] })).toBe(0);
      const quarterly = series.filter((item) => item.record.frequency === "quarterly" && item.searchText.includes("gdp"));
      expect(await catalog.countSeries({ keyword: "gdp", frequency: ["quarterly"], country: [], keyOnly: false })).toBe(quarterly.length);
    });

    it("keeps the keyword indexes in step with the series written, changed and removed", async () => {
      // Each step searches twice: the first search after a write goes to SQL and starts the index in memory again,
      // the second (once the index is ready) goes to the index.
      const searchedTwice = async <T>(search: () => Promise<T>): Promise<T> => {
        const first = await search();
        await catalog.keywordIndexReady();
        expect(await search()).toEqual(first);
        return first;
      };
      const row = { ...seriesRow(series[0]!), id: "SR9999990", search_text: "sr9999990 zebra crossing" };
      await catalog.keywordIndexReady();
      await db.insertInto("catalog_series").values(row).execute();
      const found = await searchedTwice(() => catalog.searchSeries({ keyword: "ZEBRA" }, { offset: 0, limit: 10 }));
      expect(found.map((item) => item.id)).toEqual([row.id]);
      await db.updateTable("catalog_series").set({ search_text: "sr9999990 yak crossing" }).where("id", "=", row.id).execute();
      expect(await searchedTwice(() => catalog.countSeries({ keyword: "zebra" }))).toBe(0);
      expect(await searchedTwice(() => catalog.countSeries({ keyword: "yak cross" }))).toBe(1);
      await db.updateTable("catalog_series").set({ last_update: "2031-01-01T00:00:00.000Z" }).where("id", "=", row.id).execute();
      const [updated] = await searchedTwice(() => catalog.searchSeries({ keyword: "yak" }, { offset: 0, limit: 1 }));
      expect(updated!.lastUpdate).toBe("2031-01-01T00:00:00.000Z");
      await db.deleteFrom("catalog_series").where("id", "=", row.id).execute();
      expect(await searchedTwice(() => catalog.countSeries({ keyword: "yak" }))).toBe(0);
    });

    it("reads points with or without their earlier vintages", async () => {
      const revised = series.find((item) => item.points.some((point) => point.length === 4))!;
      const plain = series.find((item) => item.points.every((point) => point.length === 2))!;
      const [withVintages] = await catalog.seriesPoints([revised.record.id], { vintages: true });
      const [latest] = await catalog.seriesPoints([revised.record.id]);
      expect(withVintages!.points).toEqual(selectPoints(revised.record.frequency, revised.points, { vintages: true }));
      expect(latest!.points).toEqual(selectPoints(revised.record.frequency, revised.points));
      expect(withVintages!.points.length).toBeGreaterThan(latest!.points.length);
      expect(new Set(latest!.points.map((point) => point.date)).size).toBe(latest!.points.length);
      const revisedPoint = latest!.points.find((point) => point.revision === 1)!;
      expect(withVintages!.points.filter((point) => point.date === revisedPoint.date).map((point) => point.revision)).toEqual([0, 1]);

      const answer = await catalog.seriesPoints([plain.record.id, "SR9999999", revised.record.id]);
      expect(answer.map((entry) => entry.seriesId)).toEqual([plain.record.id, revised.record.id]);
    });

    it("gives the latest points as slices of the stored text a dump copies, for the same series in the same order", async () => {
      const ids = [...series.map((item) => item.record.id), "SR9999999"];
      const latest = await catalog.latestDateValues(ids);
      const parsed = await catalog.seriesPoints(ids);
      expect(latest.map((entry) => entry.seriesId)).toEqual(parsed.map((entry) => entry.seriesId));
      expect(latest.every((entry) => "offsets" in entry.values)).toBe(true);
      expect(latest.map((entry) => JSON.stringify(new RecordWithDateValues({}, "points", entry.values)))).toEqual(
        parsed.map((entry) => JSON.stringify({ points: entry.points.map(({ date, value }) => ({ date, value })) })),
      );
    });
    it("gives each series as the JSON a dump of points as published writes, whatever its texts hold", async () => {
      const revised = series.find((item) => item.points.some((point) => point.length === 4))!;
      const plain = series.find((item) => item.points.every((point) => point.length === 2))!;
      const odd: GeneratedSeries = {
        ...plain,
        record: {
          ...plain.record,
          id: "ZZ-odd",
          name: 'Quotes " and \\ backslash, \u0001\b\t\n\f\r\u001f\u007f, 中文 and \u2028 😀',
          region: "</region>&amp;",
          createdAt: "2024-02-29T23:59:59.999Z",
          key: true,
          status: "discontinued",
        },
        points: [
          ["2024-01-31", -0.000001],
          ["2024-01-31", 1e21, 1, "2024-03-01T00:00:00.000Z"],
          ["2024-02-29", 123456.789],
        ],
      };
      const unpointed: GeneratedSeries = { ...plain, record: { ...plain.record, id: "ZZ-unpointed" } };
      await db
        .insertInto("catalog_series")
        .values([seriesRow(odd), seriesRow(unpointed)])
        .execute();
      await db
        .insertInto("catalog_series_points")
        .values({ series_id: odd.record.id, points: JSON.stringify(odd.points), latest_json: latestValuesJson(odd.points) })
        .execute();
      try {
        const ids = [revised, plain, odd, unpointed].map((item) => item.record.id);
        const page = await catalog.seriesJsonPage({ seriesIds: ids }, { limit: 10 });
        const points = new Map((await catalog.seriesPoints(ids)).map((entry) => [entry.seriesId, entry.points]));
        const expected = [revised, plain, odd, unpointed]
          .map((item) => item.record)
          .sort((a, b) => (a.id < b.id ? -1 : 1))
          .map((record) => {
            const latest = (points.get(record.id) ?? []).map(({ date, value }) => ({ date, value }));
            const json = JSON.stringify(seriesRecordWithDateValues(record, latest));
            return { id: record.id, createdAt: record.createdAt, lastUpdate: record.lastUpdate, json };
          });
        expect(page).toEqual(expected);
        expect(JSON.parse(page.find((entry) => entry.id === odd.record.id)!.json)).toMatchObject({ name: odd.record.name, key: true });
      } finally {
        await db.deleteFrom("catalog_series").where("id", "like", "ZZ-%").execute();
      }
    });
  });

  describe("companies", () => {
    it("filter by each criterion", async () => {
      const withSubsidiaries = companies.find((item) => item.company.subsidiaries.length > 0)!.company;
      const withOwner = companies.find((item) => item.company.ultimateOwner?.birthDate)!.company;
      const withSecondary = companies.find((item) => item.company.secondaryIndustries.length > 0)!.company;
      const withTrade = companies.find((item) => item.company.importCountries.length && item.company.exportCountries.length)!.company;
      const probe = companies[0]!.company;
      const has = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());
      const cases: [string, CompanyCriteria, (item: GeneratedCompany) => boolean][] = [
        [
          "keyword",
          { keyword: `${probe.city} ${probe.products[0]}` },
          (item) => `${probe.city} ${probe.products[0]}`.split(" ").every((word) => has(item.searchText, word)),
        ],
        ["name", { name: probe.name.slice(0, 6) }, (item) => has(item.company.name, probe.name.slice(0, 6))],
        ["country", { country: ["US", "CN"] }, (item) => ["US", "CN"].includes(item.company.country)],
        ["type", { type: ["public", "state-owned"] }, (item) => ["public", "state-owned"].includes(item.company.type)],
        ["main industry", { mainIndustry: [probe.mainIndustry] }, (item) => item.company.mainIndustry === probe.mainIndustry],
        [
          "secondary industry",
          { secondaryIndustry: [withSecondary.secondaryIndustries[0]!] },
          (item) => item.company.secondaryIndustries.includes(withSecondary.secondaryIndustries[0]!),
        ],
        ["status", { status: ["dissolved", "bankrupt"] }, (item) => ["dissolved", "bankrupt"].includes(item.company.status)],
        ["employees", { employeesFrom: 50, employeesTo: 500 }, (item) => item.company.employees >= 50 && item.company.employees <= 500],
        ["legal form", { legalForm: ["PLC"] }, (item) => item.company.legalForm === "PLC"],
        ["local legal form", { localLegalForm: [probe.localLegalForm] }, (item) => item.company.localLegalForm === probe.localLegalForm],
        ["region", { region: ["AP"] }, (item) => item.company.region === "AP"],
        ["city", { city: probe.city.slice(0, 4).toLowerCase() }, (item) => has(item.company.city, probe.city.slice(0, 4))],
        ["executive", { executive: "schmidt" }, (item) => item.company.executives.some((person) => has(person.name, "schmidt"))],
        ["shareholder", { shareholder: "holding" }, (item) => item.company.shareholders.some((holder) => has(holder.name, "holding"))],
        [
          "subsidiary",
          { subsidiary: withSubsidiaries.subsidiaries[0]! },
          (item) => item.company.subsidiaries.some((name) => has(name, withSubsidiaries.subsidiaries[0]!)),
        ],
        ["auditor", { auditor: "meridian" }, (item) => item.company.auditors.some((name) => has(name, "meridian"))],
        ["description", { description: "land transport" }, (item) => has(item.company.description, "land transport")],
        ["product", { product: "software" }, (item) => item.company.products.some((product) => has(product, "software"))],
        [
          "owner name",
          { ownerName: withOwner.ultimateOwner!.name },
          (item) => has(item.company.ultimateOwner?.name ?? "", withOwner.ultimateOwner!.name),
        ],
        ["owner citizenship", { ownerCitizenship: ["DE"] }, (item) => item.company.ultimateOwner?.citizenship === "DE"],
        [
          "owner birth date",
          { ownerBirthDate: withOwner.ultimateOwner!.birthDate! },
          (item) => item.company.ultimateOwner?.birthDate === withOwner.ultimateOwner!.birthDate,
        ],
        [
          "import country",
          { importCountry: [withTrade.importCountries[0]!] },
          (item) => item.company.importCountries.includes(withTrade.importCountries[0]!),
        ],
        [
          "export country",
          { exportCountry: [withTrade.exportCountries[0]!] },
          (item) => item.company.exportCountries.includes(withTrade.exportCountries[0]!),
        ],
        [
          "updated",
          { updatedFrom: "2022-01-01", updatedTo: "2023-12-31" },
          (item) => item.company.updatedAt >= "2022-01-01" && item.company.updatedAt < "2024-01-01",
        ],
        ["listed ids", { companyIds: [probe.id, withOwner.id, "CO9999999"] }, (item) => [probe.id, withOwner.id].includes(item.company.id)],
        [
          "listed ids within criteria",
          { companyIds: [probe.id, withOwner.id], country: [probe.country] },
          (item) => item.company.id === probe.id || (item.company.id === withOwner.id && withOwner.country === probe.country),
        ],
      ];
      for (const [name, criteria, matches] of cases) {
        const expected = companies.filter(matches).map((item) => item.company.id);
        expect(expected.length, name).toBeGreaterThan(0);
        expect(expected.length, name).toBeLessThan(sizes.companies);
        expect(await companyIds(criteria), name).toEqual(expected);
        expect(await catalog.countCompanies(criteria), name).toBe(expected.length);
      }
    });

    it("page through every company once and return them as generated", async () => {
      const ids = await readAll((page) => catalog.companyPage({}, page), 23);
      expect(ids).toEqual(companies.map((item) => item.company.id));
      expect(await catalog.companyPage({}, { afterId: ids[10], limit: 2 })).toEqual(companies.slice(11, 13).map((item) => item.company));
    });

    it("give statements per company, filtered by the statement criteria", async () => {
      const [first, second] = [companies[0]!.company, companies[1]!.company];
      const all = await catalog.companyStatements([second.id, "CO9999999", first.id]);
      expect(all.map((entry) => entry.companyId)).toEqual([second.id, first.id]);
      expect(all[0]!.statements).toHaveLength(9);
      for (const statement of all[0]!.statements) {
        expect(statement.stmtId).toMatch(new RegExp(`^${second.id}-\\d{4}-FY-(IS|BS|CF)-[CU]$`));
        expect(statement).toMatchObject({ companyId: second.id, isic: second.isic });
      }
      const filtered = await catalog.companyStatements([first.id], { year: [2024], type: ["balance-sheet"] });
      expect(filtered[0]!.statements).toHaveLength(1);
      expect(Object.keys(filtered[0]!.statements[0]!.accounts)).toEqual(["totalAssets", "totalLiabilities", "equity"]);
    });
  });

  describe("documents", () => {
    it("filter by each criterion, looking for the keyword where asked", async () => {
      const probe = documents[0]!.document;
      const has = (text: string, part: string) => text.toLowerCase().includes(part);
      const cases: [string, DocumentCriteria, (item: GeneratedDocument) => boolean][] = [
        ["keyword anywhere", { keyword: "outlook" }, (item) => has(item.searchText, "outlook")],
        ["keyword in titles", { keyword: "covering", searchIn: "title" }, (item) => has(item.document.title, "covering")],
        ["keyword in summaries", { keyword: "wire", searchIn: "summary" }, (item) => has(item.document.summary.toLowerCase(), "wire")],
        ["country", { country: [probe.country, "US"] }, (item) => [probe.country, "US"].includes(item.document.country)],
        ["language", { language: ["en"] }, (item) => item.document.language === "en"],
        ["format", { format: ["pdf"] }, (item) => item.document.format === "pdf"],
        ["industry", { industry: [probe.industry] }, (item) => item.document.industry === probe.industry],
        ["publication type", { publicationType: ["news"] }, (item) => item.document.publicationType === "news"],
        ["source", { source: [probe.source] }, (item) => item.document.source === probe.source],
        ["topic", { topic: [probe.topic] }, (item) => item.document.topic === probe.topic],
        [
          "published between",
          { publishedAfter: "2024-01-01", publishedBefore: "2024-12-31" },
          (item) => item.document.publishedAt >= "2024-01-01" && item.document.publishedAt < "2025-01-01",
        ],
        ["listed ids", { documentIds: [probe.id, "DC0000009"] }, (item) => [probe.id, "DC0000009"].includes(item.document.id)],
      ];
      for (const [name, criteria, matches] of cases) {
        const expected = documents.filter(matches).map((item) => item.document.id);
        expect(expected.length, name).toBeLessThan(sizes.documents);
        expect(await documentIds(criteria), name).toEqual(expected);
        expect(await catalog.countDocuments(criteria), name).toBe(expected.length);
      }
      expect(await catalog.countDocuments({ keyword: "covering", searchIn: "title" })).toBe(0);
      expect(await catalog.countDocuments({ keyword: "covering", searchIn: "summary" })).toBe(sizes.documents);
    });

    it("page through every document once", async () => {
      expect(await readAll((page) => catalog.documentPage({}, page), 17)).toEqual(documents.map((item) => item.document.id));
    });
  });

  describe("previews", () => {
    it("need a database for series, and list at most 500 of them with names for codes", async () => {
      expect(await previewSeries(catalog, { keyword: "gdp" })).toEqual({ ok: false, error: "validation.selectDatabase" });
      const preview = await previewSeries(catalog, { database: "DB01" });
      if (!preview.ok) throw new Error(preview.error);
      const inDatabase = series.filter((item) => item.record.database === "DB01");
      expect(inDatabase.length).toBeGreaterThan(500);
      expect(preview.total).toBe(inDatabase.length);
      expect(preview.items).toHaveLength(500);
      const first = inDatabase[0]!.record;
      expect(preview.items[0]).toEqual({
        id: first.id,
        name: first.name,
        frequency: first.frequency,
        unit: expect.not.stringMatching(/^[A-Z]+-[A-Z]+$/),
        country: expect.stringMatching(/^[A-Z][a-z]/),
        lastUpdate: first.lastUpdate,
      });
      const listed = await previewSeries(catalog, { database: "DB01", seriesIds: [first.id] });
      expect(listed).toMatchObject({ ok: true, total: 1, items: [{ id: first.id }] });
    });

    it("show the first 5 companies of criteria or of at most 100 ids", async () => {
      const tooMany = range(101).map((i) => `CO${String(i + 1).padStart(7, "0")}`);
      expect(await previewCompanies(catalog, { companyIds: tooMany })).toEqual({
        ok: false,
        error: "validation.tooManyPreviewIds|max=100",
      });
      const hundred = await previewCompanies(catalog, { companyIds: tooMany.slice(1) });
      expect(hundred).toMatchObject({ ok: true, total: 100 });
      if (!hundred.ok) return;
      expect(hundred.items.map((company) => company.id)).toEqual(tooMany.slice(1, 6));
      const country = companies[0]!.company.country;
      const byCountry = await previewCompanies(catalog, { country: [country] });
      const expected = companies.filter((item) => item.company.country === country);
      expect(byCountry).toEqual({ ok: true, total: expected.length, items: expected.slice(0, 5).map((item) => item.company) });
    });

    it("show the first 5 documents and the total", async () => {
      const preview = await previewDocuments(catalog, { language: ["en"] });
      const expected = documents.filter((item) => item.document.language === "en");
      expect(preview).toEqual({ ok: true, total: expected.length, items: expected.slice(0, 5).map((item) => item.document) });
    });
  });

  describe("options", () => {
    it("cascade the macroeconomic layout and list the dictionaries and output choices", async () => {
      const options = await econOptions(catalog);
      const values = (list: { value: string }[]) => list.map((option) => option.value);
      expect(options.databases[0]).toEqual({ value: "DB01", label: "World Economic Indicators" });
      for (const topic of options.topics) expect(values(options.databases)).toContain(topic.parent);
      for (const section of options.sections) expect(values(options.topics)).toContain(section.parent);
      for (const table of options.tables) expect(values(options.sections)).toContain(table.parent);
      expect(values(options.tables).every((id) => id.startsWith("TB"))).toBe(true);
      expect(values(options.frequencies)).toEqual(["daily", "weekly", "monthly", "quarterly", "annual"]);
      expect(options.countries).toContainEqual({ value: "DE", label: "Germany", parent: "EU" });
      expect(options.units).toContainEqual({ value: "EUR-BN", label: "EUR bn" });
      expect(values(options.languages)).toEqual(["en", "zh"]);
      expect(values(options.formats)).toEqual(["json", "xml"]);
      expect(values(options.orders)).toEqual(["id", "name", "updated"]);
      expect(values(options.deliveryMethods)).toEqual(["platform", "ftp", "ftps", "sftp"]);
      for (const list of [options.regions, options.indicators, options.sources]) expect(list.length).toBeGreaterThan(3);
    });

    it("list the company and documents choices", async () => {
      const corp = await corpCompanyOptions(catalog);
      const values = (list: { value: string }[]) => list.map((option) => option.value);
      expect(values(corp.currencies)).toEqual(["USD", "EUR", "LOCAL"]);
      expect(values(corp.statementTypes)).toEqual(["income-statement", "balance-sheet", "cash-flow"]);
      expect(values(corp.types)).toContain("public");
      expect(values(corp.statuses)).toContain("operational");
      expect(values(corp.legalForms)).toContain("PLC");
      expect(values(corp.financialStandards)).toEqual(["IFRS", "US-GAAP", "LOCAL-GAAP"]);
      expect(corp.industries).toContainEqual({ value: "C29", label: "Manufacture of motor vehicles" });

      const docs = await documentsOptions(catalog);
      expect(values(docs.searchIn)).toEqual(["title", "summary", "all"]);
      expect(values(docs.languages)).toEqual(expect.arrayContaining(["en", "zh"]));
      expect(values(docs.formats)).toContain("pdf");
      for (const list of [docs.countries, docs.industries, docs.publicationTypes, docs.sources, docs.topics])
        expect(list.length).toBeGreaterThan(3);
    });
  });

  describe("advancing", () => {
    const moment = new Date("2026-01-05T10:00:00.000Z");
    const before = "2026-01-05T09:59:59.999Z";

    it("reports exactly the series, companies and documents that changed", async () => {
      expect(await readAll((page) => catalog.changedSeries({}, before, page))).toEqual([]);
      const previous = new Map((await catalog.seriesPage({}, { limit: sizes.series })).map((record) => [record.id, record]));
      const result = await catalog.advance(moment);
      expect(result.appendedSeries.length).toBeGreaterThan(5);
      expect(result.revisedSeries).toHaveLength(2);
      expect(result.newSeries).toEqual(["SR0001201"]);
      expect(result.newCompanies).toEqual(["CO0000301"]);
      expect(result.newDocuments).toEqual(["DC0000201"]);

      const changed = sorted([...result.appendedSeries, ...result.revisedSeries, ...result.newSeries]);
      expect(await readAll((page) => catalog.changedSeries({}, before, page), 3)).toEqual(changed);
      expect(await readAll((page) => catalog.changedSeries({}, moment.toISOString(), page))).toEqual([]);
      expect(await catalog.countSeries({})).toBe(sizes.series + 1);
      const database = previous.get(result.appendedSeries[0]!)!.database;
      expect(await readAll((page) => catalog.changedSeries({ database }, before, page))).toEqual(
        changed.filter((id) => (previous.get(id)?.database ?? generateSeries(sizes.series).record.database) === database),
      );

      for (const entry of await catalog.seriesPoints(result.appendedSeries, { publishedAfter: before })) {
        const old = previous.get(entry.seriesId)!;
        expect(entry.points).toEqual([
          expect.objectContaining({ date: nextPeriodDate(old.frequency, old.endDate), revision: 0, publishedAt: moment.toISOString() }),
        ]);
        const [record] = await catalog.seriesPage({ seriesIds: [entry.seriesId] }, { limit: 1 });
        expect(record).toMatchObject({ endDate: entry.points[0]!.date, lastUpdate: moment.toISOString() });
      }
      for (const id of result.revisedSeries) {
        const [latest] = await catalog.seriesPoints([id], { publishedAfter: before });
        const [vintages] = await catalog.seriesPoints([id], { vintages: true });
        const revision = latest!.points[0]!;
        expect(latest!.points).toHaveLength(1);
        expect(revision.date).toBe(previous.get(id)!.endDate);
        expect(vintages!.points.filter((point) => point.date === revision.date).map((point) => point.revision)).toEqual(
          range(revision.revision + 1),
        );
      }
      const [created] = await catalog.seriesPage({ seriesIds: result.newSeries }, { limit: 1 });
      expect(created).toMatchObject({ createdAt: moment.toISOString(), lastUpdate: moment.toISOString() });

      const changedCompanies = await readAll((page) => catalog.changedCompanies({}, before, page));
      expect(changedCompanies).toEqual(sorted([...result.updatedCompanies, ...result.newCompanies]));
      expect(await readAll((page) => catalog.changedDocuments({}, before, page))).toEqual(result.newDocuments);
      expect(await catalog.countDocuments({})).toBe(sizes.documents + 1);
    });

    it("moves different items on the next advance", async () => {
      const next = await catalog.advance(new Date("2026-01-06T10:00:00.000Z"));
      expect(next.newSeries).toEqual(["SR0001202"]);
      const changed = await readAll((page) => catalog.changedSeries({}, "2026-01-06T00:00:00.000Z", page));
      expect(changed).toEqual(sorted([...next.appendedSeries, ...next.revisedSeries, ...next.newSeries]));
    });
  });
});
