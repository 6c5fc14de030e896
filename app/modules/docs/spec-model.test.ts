import { describe, expect, it } from "vitest";
import {
  exampleFromSchema,
  findOperation,
  normaliseSchema,
  normaliseSwagger2,
  operationsOfTag,
  primaryRequestBody,
  refName,
  sortOperations,
  SpecError,
  tagSlug,
  type JsonSchema,
  type SchemaSource,
} from "./spec-model";

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

  it("gives a body parameter a request body per media type it consumes, and form fields one object", () => {
    const forms = normaliseSwagger2({
      swagger: "2.0",
      consumes: ["application/json", "application/xml"],
      paths: {
        "/a": { post: { parameters: [{ name: "doc", in: "body", required: true, schema: { type: "object" } }], responses: {} } },
        "/b": {
          post: {
            consumes: ["multipart/form-data"],
            parameters: [
              { name: "file", in: "formData", type: "file", required: true, description: "The upload" },
              { name: "note", in: "formData", type: "string" },
            ],
            responses: {},
          },
        },
      },
    });
    expect(findOperation(forms, "/a", "post")?.requestBodies.map((body) => body.mediaType)).toEqual([
      "application/json",
      "application/xml",
    ]);
    expect(findOperation(forms, "/b", "post")?.requestBodies).toEqual([
      {
        mediaType: "multipart/form-data",
        required: true,
        description: "",
        schema: {
          type: "object",
          properties: { file: { type: "file", description: "The upload" }, note: { type: "string" } },
          required: ["file"],
        },
      },
    ]);
    expect(model.operations.every((operation) => operation.requestBodies.length === 0 && !operation.webhook)).toBe(true);
  });

  it("normalises x-nullable and a string discriminator, and refuses a reference to a missing definition", () => {
    const nullable = normaliseSwagger2({
      swagger: "2.0",
      paths: {},
      definitions: { Pet: { type: "object", discriminator: "kind", properties: { name: { type: "string", "x-nullable": true } } } },
    });
    expect(nullable.definitions.Pet).toEqual({
      type: "object",
      discriminator: { propertyName: "kind" },
      properties: { name: { type: "string", nullable: true } },
    });
    expect(() => normaliseSwagger2({ swagger: "2.0", paths: {}, definitions: { A: { $ref: "#/definitions/B" } } })).toThrow(
      "Unresolvable schema reference #/definitions/B",
    );
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

  const definitions: Record<string, JsonSchema> = {
    Cat: { type: "object", properties: { lives: { type: "integer" } } },
    Dog: { type: "object", properties: { barks: { type: "boolean" } } },
    Code: { type: "string", enum: ["a", "b"] },
  };

  it("shows a oneOf's first variant named by its discriminator, an allOf merged, an example beside a $ref", () => {
    const pet: JsonSchema = {
      oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
      discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat" } },
    };
    expect(exampleFromSchema(pet, definitions)).toEqual({ lives: 0, kind: "cat" });
    expect(
      exampleFromSchema({ anyOf: [{ $ref: "#/components/schemas/Dog" }], discriminator: { propertyName: "kind" } }, definitions),
    ).toEqual({
      barks: true,
      kind: "Dog",
    });
    expect(
      exampleFromSchema({ allOf: [{ $ref: "#/components/schemas/Cat" }], properties: { name: { type: "string" } } }, definitions),
    ).toEqual({ lives: 0, name: "string" });
    expect(exampleFromSchema({ allOf: [{ $ref: "#/components/schemas/Code" }] }, definitions)).toBe("a");
    expect(exampleFromSchema({ $ref: "#/components/schemas/Cat", example: { lives: 9 } }, definitions)).toEqual({ lives: 9 });
    expect(exampleFromSchema({ type: "null" }, definitions)).toBeNull();
  });

  it("never reads a property every object has as a definition", () => {
    expect(exampleFromSchema({ $ref: "#/definitions/constructor" }, definitions)).toEqual({});
  });
});

describe("refName", () => {
  it("unescapes the last JSON pointer token", () => {
    expect(refName("#/components/schemas/a~1b~0c")).toBe("a/b~c");
    expect(refName("#/definitions/Series")).toBe("Series");
  });
});

describe("primaryRequestBody", () => {
  const body = (mediaType: string) => ({ mediaType, required: false, description: "", schema: null });

  it("prefers JSON, then a form, then the first media type", () => {
    expect(primaryRequestBody({ requestBodies: [body("text/plain"), body("application/vnd.api+json")] })?.mediaType).toBe(
      "application/vnd.api+json",
    );
    expect(primaryRequestBody({ requestBodies: [body("text/plain"), body("multipart/form-data")] })?.mediaType).toBe("multipart/form-data");
    expect(primaryRequestBody({ requestBodies: [body("text/plain")] })?.mediaType).toBe("text/plain");
    expect(primaryRequestBody({ requestBodies: [] })).toBeUndefined();
  });
});

describe("normaliseSchema", () => {
  const names = { Pet: {}, "a/b": {}, Node: {} };
  const source: SchemaSource = {
    document: {
      components: { schemas: { ...names, Node: { properties: { next: { $ref: "#/components/schemas/Node/properties/next" } } } } },
    },
    prefix: "#/components/schemas/",
    names,
  };
  const normalise = (schema: unknown) => normaliseSchema(schema, source);

  it("gives OpenAPI 3.0's nullable and 3.1's null in a type list one representation", () => {
    expect(normalise({ type: "string", nullable: true })).toEqual({ type: "string", nullable: true });
    expect(normalise({ type: ["string", "null"] })).toEqual({ type: "string", nullable: true });
    expect(normalise({ type: "null" })).toEqual({ type: "null" });
    expect(normalise({ type: ["array", "null"], items: { type: "integer" } })).toEqual({
      type: "array",
      items: { type: "integer" },
      nullable: true,
    });
  });

  it("takes null out of a oneOf or anyOf, and a single variant left (or a single allOf part) with it", () => {
    expect(normalise({ oneOf: [{ $ref: "#/components/schemas/Pet" }, { type: "null" }], description: "Maybe" })).toEqual({
      $ref: "#/components/schemas/Pet",
      description: "Maybe",
      nullable: true,
    });
    expect(normalise({ anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] })).toEqual({
      anyOf: [{ type: "string" }, { type: "integer" }],
      nullable: true,
    });
    expect(normalise({ allOf: [{ $ref: "#/components/schemas/Pet" }], nullable: true })).toEqual({
      $ref: "#/components/schemas/Pet",
      nullable: true,
    });
    expect(normalise({ oneOf: [{ type: "null" }] })).toEqual({ type: "null" });
  });

  it("writes a type list of several types as a choice, const as a one-value enum, examples as example", () => {
    expect(normalise({ type: ["object", "string"], properties: { a: { type: "integer" } } })).toEqual({
      properties: { a: { type: "integer" } },
      anyOf: [{ type: "object", properties: { a: { type: "integer" } } }, { type: "string" }],
    });
    expect(normalise({ const: 3, examples: [3, 4] })).toEqual({ enum: [3], example: 3 });
  });

  it("keeps named schemas as references, escaped one way, and maps a discriminator's names to them", () => {
    expect(normalise({ $ref: "#/components/schemas/a~1b" })).toEqual({ $ref: "#/components/schemas/a~1b" });
    expect(normalise({ $ref: "#/components/schemas/P%65t" })).toEqual({ $ref: "#/components/schemas/Pet" });
    expect(
      normalise({ oneOf: [{ $ref: "#/components/schemas/Pet" }], discriminator: { propertyName: "t", mapping: { p: "Pet", q: "Gone" } } }),
    ).toEqual({
      oneOf: [{ $ref: "#/components/schemas/Pet" }],
      discriminator: { propertyName: "t", mapping: { p: "#/components/schemas/Pet" } },
    });
  });

  it("follows any other local pointer, ending a cycle through one in an empty schema", () => {
    expect(normalise({ $ref: "#/components/schemas/Node/properties/next" })).toEqual({});
    expect(() => normalise({ $ref: "#/components/schemas/Nope" })).toThrow(SpecError);
    expect(() => normalise({ $ref: "#/nowhere/at/all" })).toThrow("Unresolvable schema reference #/nowhere/at/all");
    expect(() => normalise({ $ref: "https://example.com/pet.json" })).toThrow(/External reference/);
  });

  it("reads a boolean schema, a tuple's first item and a map's values", () => {
    expect(normalise(true)).toEqual({});
    expect(normalise({ type: "array", items: [{ type: "string" }] })).toEqual({ type: "array", items: { type: "string" } });
    expect(normalise({ type: "object", additionalProperties: { type: "integer" } })).toEqual({
      type: "object",
      additionalProperties: { type: "integer" },
    });
  });
});
