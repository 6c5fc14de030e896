import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CATALOG_SERIES = "100";
  process.env.CATALOG_COMPANIES = "120";
  process.env.CATALOG_DOCUMENTS = "10";
});

import type { Company } from "~/modules/catalog/catalog";
import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { corpPipeline } from "~/modules/products/corp/corp-pipeline.server";
import { corpCriteriaSchema, toCorpCriteria, toCorpOptions } from "~/modules/products/corp/corp-criteria";
import { corpDumpSchema, corpFeedSchema, corpFormValues } from "~/modules/products/corp/corp-form";
import { checkCorpSelection, loadCorpOptions } from "~/modules/products/corp/corp-selection.server";

const owner = { userId: "corp-selection-owner" };
const dumpValues = (body: Record<string, unknown>) => corpDumpSchema.parse(corpFormValues({ name: "Dump", ...body }));

let companies: Company[];

beforeAll(async () => {
  await prepareCatalog();
  companies = await getCatalog().companyPage({}, { limit: 120 });
}, 120_000);

describe("company selection against the catalog", () => {
  it("offers the catalog's option lists", async () => {
    const options = await loadCorpOptions({ userId: "any" });
    expect(options.countries.length).toBeGreaterThan(10);
    expect(options.statementTypes.map((option) => option.value).sort()).toEqual(["balance-sheet", "cash-flow", "income-statement"]);
    expect(options.currencies.map((option) => option.value)).toEqual(["USD", "EUR", "LOCAL"]);
  });

  it("previews the first 5 companies of a search and the total", async () => {
    const country = companies[0]!.country;
    const check = await checkCorpSelection(dumpValues({ country: [country] }), owner);
    const matching = companies.filter((company) => company.country === country);
    expect(check.errors).toEqual({});
    expect(check.preview?.total).toBe(matching.length);
    expect(check.preview?.items.map((company) => company.id)).toEqual(matching.slice(0, 5).map((company) => company.id));
  });

  it("previews listed company ids", async () => {
    const ids = companies.slice(10, 17).map((company) => company.id);
    const check = await checkCorpSelection(dumpValues({ companyIds: ids.join("\n") }), owner);
    expect(check.errors).toEqual({});
    expect(check.preview).toMatchObject({ total: 7 });
    expect(check.preview?.items).toHaveLength(5);
  });

  it("previews a longer id list by its first 100 ids, and counts them all", async () => {
    const ids = Array.from({ length: 101 }, (_, index) => companies[index]!.id);
    const check = await checkCorpSelection(dumpValues({ companyIds: ids }), owner);
    expect(check.errors).toEqual({});
    expect(check.preview).toMatchObject({ total: 101, notice: "corpScreens.previewFirstIds|max=100|count=101" });
    expect(check.preview?.items.every((company) => ids.slice(0, 100).includes(company.id))).toBe(true);
    const hundred = await checkCorpSelection(dumpValues({ companyIds: ids.slice(0, 100) }), owner);
    expect(hundred.preview?.total).toBe(100);
  });

  it("refuses codes the catalog does not know, per field", async () => {
    const check = await checkCorpSelection(
      corpFeedSchema.parse(
        corpFormValues({
          name: "Feed",
          country: ["XX"],
          region: ["EU", "MOON"],
          type: ["guild"],
          mainIndustry: ["Z99"],
          secondaryIndustry: ["Z98"],
          companyStatus: ["asleep"],
          legalForm: ["LLP-X"],
          ownerCitizenship: ["QQ"],
          importCountry: ["QQ"],
          exportCountry: ["QQ"],
          financialStandards: ["KGAAP"],
          accountName: "Revenue",
        }),
      ),
      owner,
    );
    expect(check.errors).toEqual({
      country: "validation.invalidOption",
      region: "validation.invalidOption",
      type: "validation.invalidOption",
      mainIndustry: "validation.invalidOption",
      secondaryIndustry: "validation.invalidOption",
      companyStatus: "validation.invalidOption",
      legalForm: "validation.invalidOption",
      ownerCitizenship: "validation.invalidOption",
      importCountry: "validation.invalidOption",
      exportCountry: "validation.invalidOption",
      financialStandards: "validation.invalidOption",
      accountName: expect.stringMatching(/^validation\.unknownAccount\|accounts=.*revenue/),
    });
    expect(check.preview?.total).toBe(0);
  });

  it("accepts codes and accounts the catalog knows", async () => {
    const [company] = companies;
    const check = await checkCorpSelection(
      dumpValues({
        country: [company!.country],
        region: [company!.region],
        mainIndustry: [company!.mainIndustry],
        statementType: ["income-statement"],
        financialStandards: ["IFRS"],
        accountName: "revenue",
      }),
      owner,
    );
    expect(check.errors).toEqual({});
    expect(check.preview?.items.map((item) => item.id)).toContain(company!.id);
  });
});

describe("company dumps and feeds deliver only the statements their criteria match", () => {
  const ids = () => companies.slice(0, 20).map((company) => company.id);

  async function delivered(values: ReturnType<typeof dumpValues>, since?: string) {
    const criteria = corpCriteriaSchema.parse(JSON.parse(JSON.stringify(toCorpCriteria(values))));
    const options = toCorpOptions(values);
    const pipeline = await corpPipeline({ catalog: getCatalog(), criteria, options, ownerId: "any" });
    const records: { id: string; statements?: { year: number; type: string; official: boolean; accounts: Record<string, number> }[] }[] =
      [];
    for await (const page of since ? pipeline.changes(since) : pipeline.dump()) {
      records.push(...(page as typeof records));
    }
    return records;
  }

  it("without statement criteria, every statement", async () => {
    const records = await delivered(dumpValues({ companyIds: ids() }));
    const all = await getCatalog().companyStatements(ids());
    expect(records).toHaveLength(20);
    expect(records.flatMap((record) => record.statements ?? []).length).toBe(all.flatMap((entry) => entry.statements).length);
  });

  it("with statement criteria, in dumps and in feed runs", async () => {
    const values = dumpValues({
      companyIds: ids(),
      statementYear: "2023",
      statementType: ["income-statement"],
      officialOnly: true,
      accountName: "revenue",
      accountFrom: 0,
    });
    const expected = (await getCatalog().companyStatements(ids())).flatMap((entry) =>
      entry.statements.filter(
        (statement) =>
          statement.year === 2023 && statement.type === "income-statement" && statement.official && statement.accounts.revenue! >= 0,
      ),
    );
    expect(expected.length).toBeGreaterThan(0);
    for (const records of [await delivered(values), await delivered(values, "1970-01-01")]) {
      const statements = records.flatMap((record) => record.statements ?? []);
      expect(records).toHaveLength(20);
      expect(statements).toHaveLength(expected.length);
      for (const statement of statements) {
        expect(statement).toMatchObject({ year: 2023, type: "income-statement", official: true });
        expect(statement.accounts.revenue).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
