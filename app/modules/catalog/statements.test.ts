import { describe, expect, it } from "vitest";
import type { StoredStatement } from "./generator";
import { matchesStatement, toStatement } from "./statements";

const company = { id: "CO0000007", isic: "2910", currency: "EUR" };
const stored: StoredStatement = [2024, "FY", "income-statement", 1, "IFRS", 0, "2025-05-08T01:04:30.234Z", [870, 101, 76]];
const statement = toStatement(company, stored);

describe("statements", () => {
  it("expand the stored form with the company's codes", () => {
    expect(statement).toEqual({
      stmtId: "CO0000007-2024-FY-IS-C",
      companyId: "CO0000007",
      isic: "2910",
      year: 2024,
      period: "FY",
      consolidated: true,
      type: "income-statement",
      standard: "IFRS",
      currency: "EUR",
      official: false,
      updatedAt: "2025-05-08T01:04:30.234Z",
      accounts: { revenue: 870, operatingProfit: 101, netIncome: 76 },
    });
  });

  it("match the statement criteria, each one alone", () => {
    expect(matchesStatement(statement, {})).toBe(true);
    expect(matchesStatement(statement, { year: [2023, 2024], period: ["FY"], type: ["income-statement"], standard: ["IFRS"] })).toBe(true);
    expect(matchesStatement(statement, { year: [2023] })).toBe(false);
    expect(matchesStatement(statement, { type: ["balance-sheet"] })).toBe(false);
    expect(matchesStatement(statement, { standard: ["US-GAAP"] })).toBe(false);
    expect(matchesStatement(statement, { officialOnly: true })).toBe(false);
    expect(matchesStatement(statement, { updatedFrom: "2025-05-08", updatedTo: "2025-05-08" })).toBe(true);
    expect(matchesStatement(statement, { updatedFrom: "2025-05-09" })).toBe(false);
    expect(matchesStatement(statement, { updatedTo: "2025-05-07" })).toBe(false);
    expect(matchesStatement(statement, { account: { name: "revenue", from: 800, to: 900 } })).toBe(true);
    expect(matchesStatement(statement, { account: { name: "revenue", from: 900 } })).toBe(false);
    expect(matchesStatement(statement, { account: { name: "totalAssets" } })).toBe(false);
  });
});
