import { describe, expect, it } from "vitest";
import { seriesFrequencies } from "./catalog";
import { dictionaryEntries } from "./dictionaries";
import {
  CATALOG_EPOCH,
  econLayout,
  generateCompany,
  generateDocument,
  generateSeries,
  lastPublication,
  maxSeries,
  publishedAt,
} from "./generator";

describe("the catalog generator", () => {
  it("generates the same items on every call", () => {
    for (const index of [0, 1, 777, 19_999]) {
      expect(JSON.stringify(generateSeries(index))).toBe(JSON.stringify(generateSeries(index)));
      expect(JSON.stringify(generateCompany(index))).toBe(JSON.stringify(generateCompany(index)));
      expect(JSON.stringify(generateDocument(index))).toBe(JSON.stringify(generateDocument(index)));
    }
    expect(generateSeries(0).record.name).not.toBe(generateSeries(1).record.name);
  });

  it("numbers items with their prefixes", () => {
    expect(generateSeries(0).record.id).toBe("SR0000001");
    expect(generateSeries(19_999).record.id).toBe("SR0020000");
    expect(generateCompany(41).company.id).toBe("CO0000042");
    expect(generateDocument(9).document.id).toBe("DC0000010");
  });

  it("lays databases, topics, sections and tables out with nested ids", () => {
    const layout = econLayout();
    expect(layout.length).toBeGreaterThanOrEqual(4);
    expect(layout[0]!.name).toBe("World Economic Indicators");
    for (const database of layout) {
      expect(database.id).toMatch(/^DB\d{2}$/);
      for (const topic of database.topics) {
        expect(topic.id).toMatch(new RegExp(`^TP${database.id.slice(2)}\\d{2}$`));
        for (const section of topic.sections) {
          expect(section.id).toMatch(new RegExp(`^SC${topic.id.slice(2)}\\d{2}$`));
          for (const table of section.tables) expect(table.id).toMatch(new RegExp(`^TB${section.id.slice(2)}\\d{2}$`));
        }
      }
    }
  });

  it("names series like the provider does and places them in the layout", () => {
    const tables = new Map(
      econLayout().flatMap((database) =>
        database.topics.flatMap((topic) =>
          topic.sections.flatMap((section) => section.tables.map((table) => [table.id, [database.id, topic.id, section.id]] as const)),
        ),
      ),
    );
    const countries = new Map(dictionaryEntries("countries").map((country) => [country.id, country]));
    const units = new Set(dictionaryEntries("units").map((unit) => unit.id));
    for (let index = 0; index < 300; index++) {
      const { record } = generateSeries(index);
      const country = countries.get(record.country)!;
      expect(record.name).toMatch(new RegExp(`, ${country.name}, ${record.frequency}$`));
      expect(record.region).toBe(country.parent);
      expect(tables.get(record.table)).toEqual([record.database, record.topic, record.section]);
      expect(units.has(record.unit), record.unit).toBe(true);
      expect(seriesFrequencies).toContain(record.frequency);
    }
    const names = Array.from({ length: 2000 }, (_, index) => generateSeries(index).record.name);
    expect(names).toContain("Gross domestic product, current prices, Germany, quarterly");
    expect(new Set(names).size).toBe(names.length);
  });

  it("keeps history ordered by date then revision, published before the epoch", () => {
    let revised = 0;
    for (let index = 0; index < 300; index++) {
      const { record, points } = generateSeries(index);
      const keys = points.map((point) => `${point[0]}#${point[2] ?? 0}`);
      expect(keys).toEqual([...keys].sort());
      expect(record.startDate).toBe(points[0]![0]);
      expect(record.endDate).toBe(points[points.length - 1]![0]);
      expect(record.lastUpdate).toBe(lastPublication(record.frequency, points));
      expect(record.lastUpdate <= CATALOG_EPOCH).toBe(true);
      for (const point of points) expect(publishedAt(record.frequency, point) > `${point[0]}T`).toBe(true);
      if (points.some((point) => point.length === 4)) revised++;
    }
    expect(revised).toBeGreaterThan(30);
  });

  it("can make more series than the default catalog, and says where it stops", () => {
    expect(maxSeries()).toBeGreaterThan(60_000);
    expect(generateSeries(maxSeries() - 1).record.name).toMatch(/\(WB\)$/);
    expect(() => generateSeries(maxSeries())).toThrow(/at most/);
  });

  it("gives companies consistent profiles and three years of statements", () => {
    const legalForms = new Set(dictionaryEntries("legalForms").map((form) => form.id));
    for (let index = 0; index < 200; index++) {
      const { company, statements } = generateCompany(index);
      expect(legalForms.has(company.legalForm)).toBe(true);
      expect(company.isic.slice(0, 2)).toBe(company.mainIndustry.slice(1));
      expect(company.name.endsWith(company.localLegalForm)).toBe(true);
      expect(company.updatedAt >= company.createdAt).toBe(true);
      expect(company.secondaryIndustries).not.toContain(company.mainIndustry);
      expect(statements).toHaveLength(9);
      expect(new Set(statements.map(([year]) => year))).toEqual(new Set([2022, 2023, 2024]));
    }
  });

  it("dates documents before the epoch and files them under known codes", () => {
    const languages = new Set(dictionaryEntries("documentLanguages").map((language) => language.id));
    const topics = new Set(dictionaryEntries("documentTopics").map((topic) => topic.id));
    for (let index = 0; index < 200; index++) {
      const { document } = generateDocument(index);
      expect(languages.has(document.language)).toBe(true);
      expect(topics.has(document.topic)).toBe(true);
      expect(document.publishedAt <= CATALOG_EPOCH).toBe(true);
      expect(document.title).not.toMatch(/[{}]/);
    }
  });
});
