import { describe, expect, it } from "vitest";
import type { ContractOperation } from "./contract";
import { readParameters } from "./parameters";

const operation: ContractOperation = {
  id: "search",
  method: "GET",
  path: "/things/{id}",
  produces: ["application/json"],
  secured: true,
  parameters: [
    { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^[0-9]+(,[0-9]+){0,24}$" } },
    { name: "limit", in: "query", required: false, schema: { type: "integer", format: "int32", minimum: 1, maximum: 100, default: 100 } },
    { name: "step", in: "query", required: false, schema: { type: "integer", minimum: 100, multipleOf: 100 } },
    { name: "key_only", in: "query", required: false, schema: { type: "boolean", default: false } },
    { name: "min", in: "query", required: false, schema: { type: "number", minimum: 0 } },
    { name: "frequency", in: "query", required: false, schema: { type: "string", enum: ["daily", "annual"] } },
    { name: "from", in: "query", required: false, schema: { type: "string", format: "date" } },
    { name: "since", in: "query", required: false, schema: { type: "string", format: "date-time" } },
    { name: "X-Trace", in: "header", required: false, schema: { type: "string" } },
  ],
};

const read = (query: [string, string][], path: Record<string, string> = { id: "1,2" }, headers: Record<string, string> = {}) =>
  readParameters(operation, { path, query, headers });

describe("readParameters", () => {
  it("types the values, fills defaults and leaves out what is absent", () => {
    expect(
      read(
        [
          ["min", "1.5"],
          ["frequency", "daily"],
          ["from", "2024-02-29"],
          ["since", "2025-01-17T02:15:00Z"],
        ],
        undefined,
        { "x-trace": "t" },
      ),
    ).toEqual({
      ok: true,
      values: {
        id: "1,2",
        limit: 100,
        key_only: false,
        min: 1.5,
        frequency: "daily",
        from: "2024-02-29",
        since: "2025-01-17T02:15:00Z",
        "X-Trace": "t",
      },
    });
    expect(
      read([
        ["limit", "7"],
        ["key_only", "true"],
        ["step", "300"],
      ]),
    ).toMatchObject({ values: { limit: 7, key_only: true, step: 300 } });
  });

  it("answers the first problem as a sentence", () => {
    const problem = (query: [string, string][], path?: Record<string, string>) => {
      const result = read(query, path);
      return result.ok ? null : result.problem;
    };
    expect(problem([], {})).toBe("id is required.");
    expect(problem([], { id: "1,x" })).toMatch(/^id does not have the expected form/);
    expect(problem([["limit", "101"]])).toBe("limit must be at most 100.");
    expect(problem([["limit", "0"]])).toBe("limit must be at least 1.");
    expect(problem([["limit", "1.5"]])).toBe("limit must be a whole number.");
    expect(problem([["limit", "99999999999"]])).toBe("limit is out of range.");
    expect(problem([["step", "150"]])).toBe("step must be a multiple of 100.");
    expect(problem([["key_only", "yes"]])).toBe("key_only must be true or false.");
    expect(problem([["min", "ten"]])).toBe("min must be a number.");
    expect(problem([["frequency", "hourly"]])).toBe("frequency must be one of daily, annual.");
    expect(problem([["from", "2023-02-29"]])).toBe("from must be a date (YYYY-MM-DD).");
    expect(problem([["since", "2025-01-17"]])).toMatch(/^since must be a date and time/);
    expect(problem([["frequency", "daily\u0000"]])).toBe("frequency must not contain control characters.");
  });

  it("takes the first of repeated query parameters and treats an empty one as left out", () => {
    expect(
      read([
        ["limit", "5"],
        ["limit", "500"],
      ]),
    ).toMatchObject({ values: { limit: 5 } });
    expect(read([["limit", ""]])).toMatchObject({ values: { limit: 100 } });
  });
});
