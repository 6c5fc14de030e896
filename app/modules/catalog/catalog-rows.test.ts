import { describe, expect, it } from "vitest";
import { seriesFrequencies } from "./catalog";
import {
  companyRow,
  documentRow,
  parsePoints,
  parseStatements,
  seriesRow,
  toCompany,
  toDocument,
  toFrequency,
  toSeriesRecord,
} from "./catalog-rows";
import { generateCompany, generateDocument, generateSeries } from "./generator";

describe("the catalog's rows", () => {
  it("give back the records they were made of", () => {
    for (const index of [0, 1, 777]) {
      const series = generateSeries(index);
      expect(toSeriesRecord(seriesRow(series))).toEqual(series.record);
      const company = generateCompany(index);
      expect(toCompany(companyRow(company))).toEqual(company.company);
      const document = generateDocument(index);
      expect(toDocument(documentRow(document))).toEqual(document.document);
    }
  });

  it("read the stored points and statements as they were written", () => {
    const series = generateSeries(3);
    expect(parsePoints(JSON.stringify(series.points))).toEqual(series.points);
    const company = generateCompany(3);
    expect(parseStatements(JSON.stringify(company.statements))).toEqual(company.statements);
  });

  it("know every series frequency and refuse any other", () => {
    for (const frequency of seriesFrequencies) expect(toFrequency(frequency)).toBe(frequency);
    expect(() => toFrequency("hourly")).toThrow('unknown frequency "hourly"');
  });
});
