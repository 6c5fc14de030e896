import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { docSets } from "~/modules/registry/registry";
import { normaliseSwagger2, SpecError } from "../spec-model";
import { toOpenApi3 } from "./openapi";

const readSpec = (id: string): unknown =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../content/specs/${id}.json`, import.meta.url)), "utf8"));

type ApiDocument = Awaited<ReturnType<typeof SwaggerParser.validate>>;

function isApiDocument(value: object): value is ApiDocument {
  return "openapi" in value;
}

/** The parser checks the whole document; the guard only lets the compiler hand it over. */
function validateOpenApi(document: object): Promise<ApiDocument> {
  const copy = structuredClone(document);
  if (!isApiDocument(copy)) throw new Error("Not an OpenAPI document");
  return SwaggerParser.validate(copy);
}

const methods = ["get", "put", "post", "delete", "options", "head", "patch"];

/** The value at a path of keys in a converted document. */
function dig(value: unknown, ...keys: string[]): unknown {
  return keys.reduce<unknown>(
    (current, key) => (typeof current === "object" && current !== null ? Reflect.get(current, key) : undefined),
    value,
  );
}

function countOperations(document: unknown): number {
  const items: unknown[] = Object.values(Object(dig(document, "paths")));
  return items.reduce<number>((total, item) => total + Object.keys(Object(item)).filter((key) => methods.includes(key)).length, 0);
}

describe.each(docSets.map((docSet) => docSet.id))("the %s specification as OpenAPI 3", (id) => {
  it("is a valid OpenAPI 3.0.3 document with the same operations, tags and info", async () => {
    const spec = readSpec(id);
    const converted = toOpenApi3(spec);
    await expect(validateOpenApi(converted)).resolves.toMatchObject({ openapi: "3.0.3" });
    expect(countOperations(converted)).toBe(normaliseSwagger2(spec).operations.length);
    expect(converted).toMatchObject({ info: dig(spec, "info"), tags: dig(spec, "tags") });
    expect(JSON.stringify(converted)).not.toContain("#/definitions/");
  });
});

const sample = {
  swagger: "2.0",
  info: { title: "Sample", version: "2.1.0" },
  host: "api.example.com",
  basePath: "/v1/",
  schemes: ["https", "http"],
  consumes: ["application/json"],
  produces: ["application/json", "application/xml"],
  securityDefinitions: { token: { type: "apiKey", in: "query", name: "token" } },
  security: [{ token: [] }],
  tags: [{ name: "Reports", "x-label": { en: "Reports", zh: "报告" } }],
  parameters: {
    limit: { name: "limit", in: "query", type: "integer", maximum: 100, default: 10 },
    report: { name: "report", in: "body", required: true, schema: { $ref: "#/definitions/Report" } },
  },
  paths: {
    "/reports/{id}": {
      parameters: [{ name: "id", in: "path", required: true, type: "integer", format: "int64" }],
      get: {
        tags: ["Reports"],
        operationId: "getReport",
        parameters: [
          { $ref: "#/parameters/limit" },
          { name: "ids", in: "query", type: "array", items: { type: "string" }, collectionFormat: "csv" },
        ],
        responses: { "200": { description: "The report.", schema: { $ref: "#/definitions/Report" } }, "204": { description: "Nothing." } },
      },
      put: {
        tags: ["Reports"],
        operationId: "replaceReport",
        consumes: ["application/json", "text/json"],
        produces: ["application/json"],
        parameters: [{ $ref: "#/parameters/report" }],
        responses: { "200": { description: "Saved.", schema: { type: "array", items: { $ref: "#/definitions/Report" } } } },
      },
    },
    "/uploads": {
      post: {
        tags: ["Reports"],
        operationId: "upload",
        consumes: ["multipart/form-data"],
        parameters: [
          { name: "file", in: "formData", type: "file", required: true, description: "The file." },
          { name: "label", in: "formData", type: "string" },
        ],
        responses: { "201": { description: "Uploaded." } },
      },
    },
  },
  definitions: {
    Report: {
      type: "object",
      properties: {
        owner: { $ref: "#/definitions/Person" },
        rows: { type: "array", items: { allOf: [{ $ref: "#/definitions/Row" }] } },
        byName: { type: "object", additionalProperties: { $ref: "#/definitions/Row" } },
        note: { type: "string", "x-nullable": true },
      },
    },
    Person: { type: "object", properties: { name: { type: "string" } } },
    Row: { type: "object", properties: { value: { type: "number" } } },
  },
};

describe("toOpenApi3", () => {
  const converted = toOpenApi3(structuredClone(sample));

  it("is valid and takes servers from schemes, host and basePath", async () => {
    await expect(validateOpenApi(converted)).resolves.toBeTruthy();
    expect(dig(converted, "servers")).toEqual([{ url: "https://api.example.com/v1" }, { url: "http://api.example.com/v1" }]);
  });

  it("rewrites every definitions $ref to components/schemas, however deep", () => {
    const report = (...keys: string[]) => dig(converted, "components", "schemas", "Report", "properties", ...keys);
    expect(report("owner")).toEqual({ $ref: "#/components/schemas/Person" });
    expect(report("rows", "items", "allOf", "0")).toEqual({ $ref: "#/components/schemas/Row" });
    expect(report("byName", "additionalProperties")).toEqual({ $ref: "#/components/schemas/Row" });
    expect(report("note")).toEqual({ type: "string", nullable: true });
    expect(dig(converted, "paths", "/reports/{id}", "put", "responses", "200", "content", "application/json", "schema")).toEqual({
      type: "array",
      items: { $ref: "#/components/schemas/Report" },
    });
    expect(JSON.stringify(converted)).not.toMatch(/#\/(definitions|parameters)\//);
  });

  it("moves body parameters into requestBody with the consumed media types, inlining shared ones", () => {
    expect(dig(converted, "paths", "/reports/{id}", "put", "requestBody")).toEqual({
      required: true,
      content: {
        "application/json": { schema: { $ref: "#/components/schemas/Report" } },
        "text/json": { schema: { $ref: "#/components/schemas/Report" } },
      },
    });
    expect(dig(converted, "paths", "/reports/{id}", "put", "parameters")).toBeUndefined();
    expect(dig(converted, "components", "parameters")).toEqual({
      limit: { name: "limit", in: "query", required: false, schema: { type: "integer", maximum: 100, default: 10 } },
    });
  });

  it("turns form fields into an object schema and keeps files binary", () => {
    expect(dig(converted, "paths", "/uploads", "post", "requestBody")).toEqual({
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: { file: { type: "string", format: "binary", description: "The file." }, label: { type: "string" } },
            required: ["file"],
          },
        },
      },
    });
  });

  it("gives other parameters a schema, keeps shared ones as references, and answers in every produced type", () => {
    const item = (...keys: string[]) => dig(converted, "paths", "/reports/{id}", ...keys);
    expect(item("parameters")).toEqual([{ name: "id", in: "path", required: true, schema: { type: "integer", format: "int64" } }]);
    expect(item("get", "parameters")).toEqual([
      { $ref: "#/components/parameters/limit" },
      { name: "ids", in: "query", required: false, style: "form", explode: false, schema: { type: "array", items: { type: "string" } } },
    ]);
    expect(Object.keys(Object(item("get", "responses", "200", "content")))).toEqual(["application/json", "application/xml"]);
    expect(item("get", "responses", "204")).toEqual({ description: "Nothing." });
  });

  it("keeps info, tags with their labels, security and the security schemes", () => {
    expect(dig(converted, "info")).toEqual(sample.info);
    expect(dig(converted, "tags")).toEqual(sample.tags);
    expect(dig(converted, "security")).toEqual(sample.security);
    expect(dig(converted, "components", "securitySchemes")).toEqual({ token: { type: "apiKey", in: "query", name: "token" } });
  });

  it("answers an OpenAPI 3.0 or 3.1 document as it is and refuses anything else", () => {
    const openApi31 = { openapi: "3.1.0", info: { title: "T", version: "1" }, webhooks: {} };
    expect(toOpenApi3(openApi31)).toBe(openApi31);
    expect(() => toOpenApi3({ openapi: "2.5.0" })).toThrow(SpecError);
    expect(() => toOpenApi3({ info: {} })).toThrow(SpecError);
  });
});
