import { describe, expect, it } from "vitest";
import { outputOptionsSchema } from "~/modules/feeds/model";
import { corpCriteriaSchema, corpStoredFormValues, toCorpCriteria, toCorpOptions } from "./corp-criteria";
import { corpDumpSchema, corpFeedSchema, corpFormValues } from "./corp-form";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

/** The stored form values as the edit form posts them again: lists repeated, checked boxes "on". */
function posted(values: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const entry of value) data.append(name, String(entry));
    else if (typeof value === "boolean") {
      if (value) data.append(name, "on");
    } else data.append(name, String(value));
  }
  return data;
}

const searchFeed = form([
  ["name", "Feed"],
  ["keyword", "steel"],
  ["updatedFrom", "2024-01-01"],
  ["updatedTo", "2024-12-31"],
  ["companyName", "Acme"],
  ["country", "DE"],
  ["country", "FR"],
  ["type", "public"],
  ["mainIndustry", "C24"],
  ["secondaryIndustry", "C25"],
  ["companyStatus", "operational"],
  ["employeesFrom", "0"],
  ["employeesTo", "250"],
  ["legalForm", "LTD"],
  ["localLegalForm", "GmbH\nCo., Ltd."],
  ["region", "EU"],
  ["city", "Essen"],
  ["executive", "Chief"],
  ["shareholder", "Fund"],
  ["subsidiary", "Trading"],
  ["auditor", "Meridian"],
  ["companyDescription", "rolled"],
  ["product", "coil"],
  ["ownerName", "Holding"],
  ["ownerCitizenship", "DE"],
  ["ownerBirthDate", "1961-03-04"],
  ["importCountry", "CN"],
  ["exportCountry", "US"],
  ["statementUpdatedFrom", "2023-05-01"],
  ["statementUpdatedTo", "2023-06-30"],
  ["statementYear", "2022 2023"],
  ["statementPeriod", "FY"],
  ["statementType", "income-statement"],
  ["officialOnly", "on"],
  ["accountName", "revenue"],
  ["accountFrom", "-0.5"],
  ["accountTo", "1200000"],
  ["statements", "on"],
  ["currency", "USD"],
  ["consolidation", "consolidated"],
  ["financialStandards", "IFRS"],
  ["format", "xml"],
  ["language", "zh"],
  ["newOnly", "on"],
]);

describe("stored company criteria", () => {
  it("writes the catalog's criteria under their catalog names, and only what is set", () => {
    const values = corpDumpSchema.parse(corpFormValues({ name: "Dump", country: ["DE"], employeesFrom: 10 }));
    expect(JSON.parse(JSON.stringify(toCorpCriteria(values)))).toEqual({ country: ["DE"], employeesFrom: 10 });
    const full = toCorpCriteria(corpFeedSchema.parse(corpFormValues(searchFeed)));
    expect(full).toMatchObject({
      name: "Acme",
      status: ["operational"],
      description: "rolled",
      localLegalForm: ["GmbH", "Co., Ltd."],
      statements: {
        updatedFrom: "2023-05-01",
        updatedTo: "2023-06-30",
        year: [2022, 2023],
        period: ["FY"],
        type: ["income-statement"],
        officialOnly: true,
        account: { name: "revenue", from: -0.5, to: 1_200_000 },
      },
    });
  });

  it("writes the output options of the form", () => {
    const feed = corpFeedSchema.parse(corpFormValues(searchFeed));
    expect(toCorpOptions(feed)).toEqual(
      outputOptionsSchema.parse({
        format: "xml",
        language: "zh",
        consolidation: "consolidated",
        profile: false,
        statements: true,
        currency: "USD",
        financialStandards: ["IFRS"],
        newOnly: true,
      }),
    );
    const dump = corpDumpSchema.parse(corpFormValues({ name: "Dump", companyIds: "C1", newOnly: true }));
    expect(toCorpOptions(dump)).toMatchObject({
      newOnly: false,
      profile: true,
      statements: true,
      consolidation: "both",
      currency: "LOCAL",
    });
  });

  it("reads back what it wrote, and refuses wrong types", () => {
    const criteria = toCorpCriteria(corpFeedSchema.parse(corpFormValues(searchFeed)));
    const stored = JSON.parse(JSON.stringify(criteria));
    expect(corpCriteriaSchema.parse(stored)).toEqual(stored);
    expect(corpCriteriaSchema.parse({})).toEqual({});
    for (const wrong of [
      { country: "DE" },
      { employeesFrom: "10" },
      { companyIds: [1] },
      { updatedFrom: "yesterday" },
      { statements: { year: ["2023"] } },
      { statements: { type: ["profit"] } },
      { statements: { account: { from: 1 } } },
      { statements: { officialOnly: "yes" } },
    ]) {
      expect(corpCriteriaSchema.safeParse(wrong).success).toBe(false);
    }
  });

  it("round-trips form values through storage and back through the form", () => {
    const ids = corpDumpSchema.parse(
      corpFormValues(
        form([
          ["name", "Dump"],
          ["companyIds", "C2, C1\nC3"],
          ["statementType", "cash-flow"],
        ]),
      ),
    );
    for (const [schema, values] of [
      [corpFeedSchema, corpFeedSchema.parse(corpFormValues(searchFeed))],
      [corpDumpSchema, ids],
    ] as const) {
      const criteria = corpCriteriaSchema.parse(JSON.parse(JSON.stringify(toCorpCriteria(values))));
      const options = outputOptionsSchema.parse(JSON.parse(JSON.stringify(toCorpOptions(values))));
      const stored = { name: "Again", ...corpStoredFormValues(criteria, options) };
      for (const source of [stored, posted(stored)]) {
        const again = schema.parse(corpFormValues(source));
        expect(toCorpCriteria(again)).toEqual(toCorpCriteria(values));
        expect(toCorpOptions(again)).toEqual(toCorpOptions(values));
      }
    }
  });

  it("gives the stored selection as form values: lists, joined ids, numbers as text, flags", () => {
    const values = corpStoredFormValues(
      {
        companyIds: ["C1", "C2"],
        employeesTo: 50,
        statements: { year: [2023], officialOnly: true, account: { name: "equity", from: 1.5 } },
      },
      outputOptionsSchema.parse({ consolidation: "none", profile: false }),
    );
    expect(values).toMatchObject({
      companyIds: "C1, C2",
      country: [],
      employeesFrom: "",
      employeesTo: "50",
      statementYear: ["2023"],
      officialOnly: true,
      accountName: "equity",
      accountFrom: "1.5",
      accountTo: "",
      profile: false,
      statements: true,
      consolidation: "both",
      currency: "LOCAL",
      newOnly: false,
    });
  });
});
