import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/modules/feeds/form-shapes";
import { corpDumpSchema, corpFeedSchema, corpFormValues, maxCompanyIds } from "./corp-form";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const errorsOf = (schema: typeof corpFeedSchema | typeof corpDumpSchema, source: FormData | Record<string, unknown>) => {
  const result = schema.safeParse(corpFormValues(source));
  return result.success ? {} : fieldErrors(result.error);
};

describe("company feed and dump forms", () => {
  it("reads a form post and a JSON body to the same values", () => {
    const fromForm = corpFormValues(
      form([
        ["name", "German carmakers"],
        ["country", "DE"],
        ["country", "AT"],
        ["mainIndustry", "C29"],
        ["employeesFrom", "100"],
        ["employeesTo", " 5000 "],
        ["localLegalForm", "GmbH\r\nCo., Ltd.\n"],
        ["statementYear", "2022, 2023"],
        ["statementType", "balance-sheet"],
        ["officialOnly", "on"],
        ["accountName", "totalAssets"],
        ["accountFrom", "-10.5"],
        ["profile", "on"],
        ["statements", "on"],
        ["currency", "EUR"],
        ["financialStandards", "IFRS"],
        ["format", "xml"],
        ["language", "zh"],
        ["newOnly", "on"],
      ]),
    );
    const fromJson = corpFormValues({
      name: "German carmakers",
      country: ["DE", "AT"],
      mainIndustry: "C29",
      employeesFrom: 100,
      employeesTo: 5000,
      localLegalForm: ["GmbH", "Co., Ltd."],
      statementYear: [2022, 2023],
      statementType: ["balance-sheet"],
      officialOnly: true,
      accountName: "totalAssets",
      accountFrom: -10.5,
      currency: "EUR",
      financialStandards: ["IFRS"],
      format: "xml",
      language: "zh",
      newOnly: true,
    });
    const parse = (values: Record<string, unknown>) => corpFeedSchema.parse(values);
    expect(parse(fromForm)).toEqual(parse(fromJson));
    expect(parse(fromForm)).toMatchObject({
      companyIds: [],
      country: ["DE", "AT"],
      mainIndustry: ["C29"],
      employeesFrom: 100,
      employeesTo: 5000,
      localLegalForm: ["GmbH", "Co., Ltd."],
      statementYear: [2022, 2023],
      statementType: ["balance-sheet"],
      officialOnly: true,
      accountFrom: -10.5,
      profile: true,
      statements: true,
      currency: "EUR",
      consolidation: "both",
      format: "xml",
      language: "zh",
      newOnly: true,
      frequency: "daily",
      status: "active",
    });
  });

  it("takes an id list as text or as a JSON list", () => {
    const text = corpDumpSchema.parse(
      corpFormValues(
        form([
          ["name", "Dump"],
          ["companyIds", "C1, C2\nC3 C1"],
        ]),
      ),
    );
    const json = corpDumpSchema.parse(corpFormValues({ name: "Dump", companyIds: ["C1", "C2", "C3"] }));
    expect(text.companyIds).toEqual(["C1", "C2", "C3"]);
    expect(json.companyIds).toEqual(text.companyIds);
  });

  it("accepts 100,000 company ids and refuses 100,001", () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => `C${index}`);
    const accepted = corpDumpSchema.safeParse(corpFormValues({ name: "Dump", companyIds: ids(maxCompanyIds) }));
    expect(accepted.success && accepted.data.companyIds.length).toBe(100_000);
    expect(errorsOf(corpDumpSchema, { name: "Dump", companyIds: ids(maxCompanyIds + 1) })).toEqual({
      companyIds: "validation.tooManyIds|max=100,000",
    });
    expect(
      errorsOf(
        corpDumpSchema,
        form([
          ["name", "Dump"],
          ["companyIds", ids(maxCompanyIds + 1).join("\n")],
        ]),
      ),
    ).toEqual({
      companyIds: "validation.tooManyIds|max=100,000",
    });
  });

  it("refuses company ids together with any other company criterion (SPEC.md section 5)", () => {
    for (const criterion of [
      ["keyword", "steel"],
      ["companyName", "Acme"],
      ["country", "DE"],
      ["employeesFrom", "0"],
      ["localLegalForm", "GmbH"],
      ["updatedFrom", "2024-01-01"],
      ["ownerBirthDate", "1960-05-01"],
      ["exportCountry", "CN"],
    ] as [string, string][]) {
      expect(errorsOf(corpFeedSchema, form([["name", "Feed"], ["companyIds", "C1"], criterion]))).toEqual({
        companyIds: "validation.eitherCompanyIds",
      });
    }
    expect(errorsOf(corpFeedSchema, { name: "Feed", companyIds: ["C1"], region: ["EU"] })).toEqual({
      companyIds: "validation.eitherCompanyIds",
    });
  });

  it("allows company ids with statement criteria and output choices, which choose no companies", () => {
    const values = { name: "Feed", companyIds: "C1 C2", statementYear: "2023", statementType: "cash-flow", currency: "USD" };
    expect(errorsOf(corpFeedSchema, values)).toEqual({});
  });

  it("refuses a selection with neither company ids nor criteria", () => {
    expect(errorsOf(corpDumpSchema, form([["name", "Dump"]]))).toEqual({ companyIds: "validation.companySelectionRequired" });
    expect(errorsOf(corpDumpSchema, { name: "Dump", companyIds: " , ", statementYear: [2023], officialOnly: true })).toEqual({
      companyIds: "validation.companySelectionRequired",
    });
  });

  it("refuses ranges whose start is after their end", () => {
    const errors = errorsOf(corpFeedSchema, {
      name: "Feed",
      updatedFrom: "2024-02-01",
      updatedTo: "2024-01-31",
      employeesFrom: "500",
      employeesTo: "499",
      statementUpdatedFrom: "2023-06-02",
      statementUpdatedTo: "2023-06-01",
      accountName: "revenue",
      accountFrom: 10,
      accountTo: -10,
    });
    expect(errors).toEqual({
      updatedTo: "validation.range",
      employeesTo: "validation.range",
      statementUpdatedTo: "validation.range",
      accountTo: "validation.range",
    });
    const equal = { name: "Feed", updatedFrom: "2024-01-31", updatedTo: "2024-01-31", employeesFrom: 5, employeesTo: 5 };
    expect(errorsOf(corpFeedSchema, { ...equal, accountName: "revenue", accountFrom: 1.5, accountTo: 1.5 })).toEqual({});
  });

  it("needs an account name for account amounts", () => {
    expect(errorsOf(corpDumpSchema, { name: "Dump", country: ["DE"], accountTo: "1000" })).toEqual({ accountName: "validation.required" });
  });

  it("refuses bad dates, numbers, years and choices", () => {
    expect(
      errorsOf(corpFeedSchema, {
        name: "Feed",
        updatedFrom: "2024-02-30",
        ownerBirthDate: "01/02/1960",
        employeesFrom: "ten",
        employeesTo: "-1",
        accountName: "revenue",
        accountFrom: "1e999",
        statementYear: "2023 20x4",
        statementPeriod: ["FY", "Q5"],
        statementType: ["profit"],
        currency: "GBP",
        consolidation: "none",
        format: "csv",
        language: "de",
      }),
    ).toEqual({
      updatedFrom: "validation.date",
      ownerBirthDate: "validation.date",
      employeesFrom: "validation.number",
      employeesTo: "validation.number",
      accountFrom: "validation.number",
      statementYear: "validation.year",
      statementPeriod: "validation.invalidOption",
      statementType: "validation.invalidOption",
      currency: "validation.invalidOption",
      consolidation: "validation.invalidOption",
      format: "validation.invalidOption",
      language: "validation.invalidOption",
    });
    expect(errorsOf(corpDumpSchema, { name: "Dump", country: ["DE"], statementYear: ["1850"] })).toEqual({
      statementYear: "validation.year",
    });
  });

  it("reads unchecked output boxes as off, and output flags left out of a JSON body as on", () => {
    const posted = corpDumpSchema.parse(
      corpFormValues(
        form([
          ["name", "Dump"],
          ["country", "DE"],
        ]),
      ),
    );
    expect(posted).toMatchObject({ profile: false, statements: false, officialOnly: false });
    const json = corpDumpSchema.parse(corpFormValues({ name: "Dump", country: ["DE"] }));
    expect(json).toMatchObject({ profile: true, statements: true, officialOnly: false, currency: "LOCAL", consolidation: "both" });
    const chosen = corpDumpSchema.parse(corpFormValues({ name: "Dump", country: ["DE"], profile: false, statements: true }));
    expect(chosen).toMatchObject({ profile: false, statements: true });
    expect(corpFeedSchema.parse(corpFormValues({ name: "Feed", country: ["DE"] })).newOnly).toBe(false);
  });

  it("has no schedule or new-only choice on dumps", () => {
    const dump = corpDumpSchema.parse(corpFormValues({ name: "Dump", country: ["DE"], frequency: "weekly", newOnly: true }));
    expect(dump).not.toHaveProperty("frequency");
    expect(dump).not.toHaveProperty("newOnly");
  });

  it("checks FTP delivery and notification addresses as every product does", () => {
    expect(
      errorsOf(corpDumpSchema, {
        name: "Dump",
        country: ["DE"],
        deliveryMethod: "ftp",
        ftpUrl: "http://not-ftp",
        notificationEmail: "nobody",
      }),
    ).toEqual({ ftpUrl: "validation.ftpUrl", ftpUsername: "validation.required", notificationEmail: "validation.emails" });
  });

  it("refuses crafted lists without throwing", () => {
    expect(errorsOf(corpDumpSchema, { name: "Dump", companyIds: [{ toString: 1 }] })).toEqual({ companyIds: "validation.invalidIds" });
    expect(errorsOf(corpDumpSchema, { name: "Dump", country: ["DE"], localLegalForm: [{}] })).toEqual({
      localLegalForm: "validation.invalidOption",
    });
    expect(errorsOf(corpDumpSchema, { name: "Dump", localLegalForm: "x".repeat(65) })).toEqual({
      localLegalForm: "validation.tooLong|max=64",
    });
    expect(errorsOf(corpDumpSchema, { name: "Dump", country: ["DE"], profile: { toString: 1 } })).toEqual({});
    expect(errorsOf(corpDumpSchema, { name: "Dump", statementYear: [{}] })).toEqual({ statementYear: "validation.year" });
  });
});
