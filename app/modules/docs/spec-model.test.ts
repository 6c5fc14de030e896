import { describe, expect, it } from "vitest";
import { exampleFromSchema, findOperation, normaliseSwagger2, operationsOfTag, sortOperations, SpecError, tagSlug } from "./spec-model";

const document = {
  swagger: "2.0",
  info: { title: "Macro", version: "1.0", description: "Series" },
  host: "api.example.com",
  basePath: "/v1/",
  schemes: ["https"],
  tags: [{ name: "Series", description: "Time series", "x-label": { en: "Series", zh: "序列" } }, { name: "Unused" }],
  parameters: { Limit: { name: "limit", in: "query", type: "integer", default: 100 } },
  paths: {
    "/series/{id}": {
      parameters: [{ name: "id", in: "path", type: "string" }],
      get: {
        operationId: "getSeries",
        tags: ["Series"],
        summary: "One series",
        responses: { "200": { description: "OK", schema: { $ref: "#/definitions/Series" } } },
      },
      delete: { operationId: "deleteSeries", tags: ["Series"], responses: { "204": { description: "Gone" } } },
    },
    "/series/search": {
      get: { operationId: "search", tags: ["Series", "Saved Reports"], parameters: [{ $ref: "#/parameters/Limit" }], responses: {} },
      post: { operationId: "searchPost", tags: ["Series"], responses: {} },
    },
  },
  definitions: {
    Series: {
      type: "object",
      properties: {
        id: { type: "string", example: "TB123" },
        frequency: { type: "string", enum: ["monthly", "annual"] },
        points: { type: "array", items: { $ref: "#/definitions/Point" } },
        parent: { $ref: "#/definitions/Series" },
      },
    },
    Point: { type: "object", properties: { date: { type: "string", format: "date" }, value: { type: "number" } } },
  },
};

describe("tagSlug", () => {
  it("lower-cases and replaces spaces with hyphens", () => {
    expect(tagSlug("Saved Reports")).toBe("saved-reports");
    expect(tagSlug("Series")).toBe("series");
  });
});

describe("sortOperations", () => {
  it("orders GET, POST, PATCH, DELETE, then alphabetically by path", () => {
    const sorted = sortOperations([
      { method: "delete", path: "/a" },
      { method: "post", path: "/b" },
      { method: "get", path: "/z" },
      { method: "patch", path: "/a" },
      { method: "get", path: "/a" },
      { method: "put", path: "/a" },
      { method: "post", path: "/a" },
    ]);
    expect(sorted.map((operation) => `${operation.method} ${operation.path}`)).toEqual([
      "get /a",
      "get /z",
      "post /a",
      "post /b",
      "patch /a",
      "delete /a",
      "put /a",
    ]);
  });
});

describe("normaliseSwagger2", () => {
  const model = normaliseSwagger2(document);

  it("reads the base URL, tags with their labels and every operation", () => {
    expect(model.baseUrl).toBe("https://api.example.com/v1");
    expect(model.tags.map((tag) => [tag.name, tag.slug, tag.label.zh])).toEqual([
      ["Series", "series", "序列"],
      ["Saved Reports", "saved-reports", "Saved Reports"],
    ]);
    expect(model.operations).toHaveLength(4);
  });

  it("merges path-level and shared parameters; path parameters are required", () => {
    const get = findOperation(model, "/series/{id}", "GET");
    expect(get?.parameters).toEqual([{ name: "id", in: "path", required: true, description: "", schema: { type: "string" } }]);
    const search = findOperation(model, "/series/search", "get");
    expect(search?.parameters[0]).toMatchObject({ name: "limit", in: "query", required: false, schema: { type: "integer", default: 100 } });
  });

  it("lists a tag's operations in menu order", () => {
    expect(operationsOfTag(model, "Series").map((operation) => operation.id)).toEqual([
      "search",
      "getSeries",
      "searchPost",
      "deleteSeries",
    ]);
  });

  it("refuses what is not a Swagger 2.0 document", () => {
    expect(() => normaliseSwagger2({ openapi: "3.0.0" })).toThrow(SpecError);
    expect(() => normaliseSwagger2({ swagger: "2.0", paths: { "/x": { get: 5 } } })).toThrow(SpecError);
    expect(() => normaliseSwagger2({ swagger: "2.0", paths: { "/x": { get: { parameters: [{ $ref: "#/parameters/Nope" }] } } } })).toThrow(
      SpecError,
    );
  });
});

describe("exampleFromSchema", () => {
  it("builds an example from examples, enums, formats and references, without following cycles", () => {
    expect(exampleFromSchema({ $ref: "#/definitions/Series" }, document.definitions)).toEqual({
      id: "TB123",
      frequency: "monthly",
      points: [{ date: "2026-01-31", value: 0 }],
      parent: {},
    });
  });
});
