import { describe, expect, it } from "vitest";
import type { Statement } from "~/modules/catalog/catalog";
import {
  apiPeriod,
  apiStandard,
  catalogStatuses,
  conversion,
  isicDivisions,
  readStatementNumber,
  statementLines,
  statementNumber,
} from "./company-model";

const statement: Statement = {
  stmtId: "CO0000042-2024-FY-BS-C",
  companyId: "CO0000042",
  isic: "2910",
  year: 2024,
  period: "FY",
  consolidated: true,
  type: "balance-sheet",
  standard: "US-GAAP",
  currency: "PLN",
  official: true,
  updatedAt: "2025-05-01T09:00:00.000Z",
  accounts: { totalAssets: 4000, totalLiabilities: 1000, equity: 3000 },
};

describe("statement numbers", () => {
  it("pack company, year, period, type and consolidation into one integer and back", () => {
    const number = statementNumber(statement);
    expect(Number.isSafeInteger(number)).toBe(true);
    expect(readStatementNumber(number)).toEqual({ company: 42, year: 2024, period: "Y", type: "balance-sheet", consolidated: true });
    expect(statementNumber({ ...statement, consolidated: false })).not.toBe(number);
    expect(statementNumber({ ...statement, companyId: "CO9999999" })).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it("are null for numbers no statement has", () => {
    expect([readStatementNumber(-1), readStatementNumber(1.5), readStatementNumber(3)]).toEqual([null, null, null]);
  });
});

describe("the company specs' terms", () => {
  it("name periods, standards and statuses as the specs do", () => {
    expect(apiPeriod("FY")).toBe("Y");
    expect([apiStandard("US-GAAP"), apiStandard("LOCAL-GAAP"), apiStandard("IFRS")]).toEqual(["US_GAAP", "LOCAL_GAAP", "IFRS"]);
    expect(catalogStatuses("dissolved")).toEqual(["dissolved", "bankrupt"]);
    expect(catalogStatuses("inactive")).toEqual(["dormant"]);
  });

  it("convert amounts at the catalog's rates", () => {
    expect(conversion("PLN", "LOCAL")).toEqual({ factor: 1, currency: "PLN" });
    expect(conversion("PLN", "USD")).toEqual({ factor: 0.25, currency: "USD" });
    expect(conversion("PLN", "EUR").factor).toBeCloseTo(0.23);
    expect(statementLines(statement, 0.25, true)[0]).toEqual({ code: "totalAssets", name: "Total assets", value: 1000, level: 1 });
  });
});

describe("isicDivisions", () => {
  it("maps an ISIC division, group or class code to the catalog's division, and unknown codes to none", () => {
    expect(isicDivisions("C20")).toEqual(["C20"]);
    expect(isicDivisions("20")).toEqual(["C20"]);
    expect(isicDivisions("2060")).toEqual(["C20"]);
    expect(isicDivisions(" 641 ")).toEqual(isicDivisions("64"));
    expect(isicDivisions("64").length).toBe(1);
    expect(isicDivisions("Z99")).toEqual([]);
    expect(isicDivisions("00")).toEqual([]);
    expect(isicDivisions("bank")).toEqual([]);
  });
});
