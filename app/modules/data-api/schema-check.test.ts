import { describe, expect, it } from "vitest";
import { isDate, isDateTime, schemaProblem } from "./schema-check";

const definitions = {
  Filter: {
    type: "object",
    required: ["name"],
    properties: {
      name: { type: "string" },
      description: { type: "string" },
      ids: { type: "array", maxItems: 2, items: { type: "integer", format: "int64" } },
      criteria: {
        type: "object",
        required: ["database"],
        properties: { database: { type: "string" }, status: { type: "string", enum: ["active"] } },
      },
      parent: { type: "integer", "x-nullable": true },
      url: { type: "string", format: "uri" },
      filters: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
    },
  },
};
const check = (value: unknown) => schemaProblem({ $ref: "#/definitions/Filter" }, value, "filter", definitions);

describe("schemaProblem", () => {
  it("accepts a value that fits, null where x-nullable allows it, and unnamed extra fields", () => {
    expect(
      check({ name: "a", ids: [1, 2], criteria: { database: "DB01", status: "active" }, parent: null, url: "https://x.example", extra: 1 }),
    ).toBeNull();
    expect(check({ name: "a", filters: { Region: ["EU", "NA"] } })).toBeNull();
  });

  it("names the first problem with its path", () => {
    expect(check({})).toBe("filter.name is required.");
    expect(check({ name: 1 })).toBe("filter.name must be a string.");
    expect(check({ name: "a", ids: [1, 2, 3] })).toBe("filter.ids must hold at most 2 items.");
    expect(check({ name: "a", ids: [1.5] })).toBe("filter.ids[0] must be a whole number.");
    expect(check({ name: "a", criteria: {} })).toBe("filter.criteria.database is required.");
    expect(check({ name: "a", criteria: { database: "x", status: "gone" } })).toBe("filter.criteria.status must be one of active.");
    expect(check({ name: "a", url: "not a url" })).toBe("filter.url must be an absolute URL.");
    expect(check({ name: "a", filters: { Region: [1] } })).toBe("filter.filters.Region[0] must be a string.");
    expect(check({ name: "a\u0000" })).toBe("filter.name must not contain control characters.");
    expect(check([])).toBe("filter must be an object.");
    expect(check(null)).toBe("filter must be an object.");
  });
});

describe("[security3-N15] control characters in strings", () => {
  it("[security3-N15] refuses C0 controls, DEL and C1 in any string of a body, nested ones too", () => {
    for (const character of ["\u0001", "\u0008", "\u001b", "\u001f", "\u007f", "\u0085", "\t", "\n", "\r"]) {
      expect(check({ name: `x${character}y` }), JSON.stringify(character)).toBe("filter.name must not contain control characters.");
    }
    expect(check({ name: "a", criteria: { database: "DB\u000101" } })).toBe(
      "filter.criteria.database must not contain control characters.",
    );
    expect(check({ name: "a", filters: { Region: ["EU\u0002"] } })).toBe("filter.filters.Region[0] must not contain control characters.");
  });

  it("[security3-N15] lets a description keep its line breaks and tabs, but no other control character", () => {
    expect(check({ name: "a", description: "Line one\r\nline\ttwo" })).toBeNull();
    expect(check({ name: "a", description: "bell\u0007" })).toBe("filter.description must not contain control characters.");
  });

  it("[security3-N15] refuses half a surrogate pair, and takes any real character", () => {
    expect(check({ name: "a\ud800" })).toBe("filter.name must be valid Unicode text.");
    expect(check({ name: "Zürich 中国 😀 <&>" })).toBeNull();
  });
});

describe("dates", () => {
  it("are real calendar days and ISO moments with an offset", () => {
    expect([isDate("2024-02-29"), isDate("2023-02-29"), isDate("2024-2-1")]).toEqual([true, false, false]);
    expect([isDateTime("2025-01-17T02:15:00Z"), isDateTime("2025-01-17T02:15:00.123+08:00"), isDateTime("2025-01-17T02:15:00")]).toEqual([
      true,
      true,
      false,
    ]);
  });
});
