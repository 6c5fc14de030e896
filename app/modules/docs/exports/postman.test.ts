import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { docSets } from "~/modules/registry/registry";
import { normaliseOpenApi3 } from "../openapi3";
import { normaliseSwagger2, sortOperations } from "../spec-model";
import { deterministicUuid, postmanSchemaUrl, toPostmanCollection } from "./postman";

const readModel = (id: string) =>
  normaliseSwagger2(JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../content/specs/${id}.json`, import.meta.url)), "utf8")));

describe.each(docSets.map((docSet) => docSet.id))("the %s Postman collection", (id) => {
  const model = readModel(id);
  const collection = toPostmanCollection(model, { name: model.title, setId: id });

  it("has one folder per tag, in tag order, and one request per operation", () => {
    expect(collection.info.schema).toBe(postmanSchemaUrl);
    expect(collection.item.map((folder) => folder.name)).toEqual(model.tags.map((tag) => tag.label.en));
    expect(collection.item.flatMap((folder) => folder.item)).toHaveLength(model.operations.length);
  });

  it("orders the requests of a folder like the menu and names them by summary", () => {
    const [tag] = model.tags;
    const operations = sortOperations(model.operations.filter((operation) => operation.tags.includes(tag!.name)));
    expect(collection.item[0]!.item.map((request) => request.name)).toEqual(operations.map((operation) => operation.summary));
  });

  it("is the same collection every time", () => {
    expect(toPostmanCollection(model, { name: model.title, setId: id })).toEqual(collection);
    expect(collection.info._postman_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

const queryAuth = normaliseSwagger2({
  swagger: "2.0",
  info: { title: "Series", version: "1.0.0" },
  host: "api.example.com",
  basePath: "/v1",
  securityDefinitions: { token: { type: "apiKey", in: "query", name: "token" } },
  tags: [{ name: "Series", "x-label": { en: "Time series", zh: "序列" } }],
  paths: {
    "/series/{id}/data": {
      get: {
        tags: ["Series"],
        parameters: [
          { name: "id", in: "path", required: true, type: "string", description: "Series id." },
          { name: "format", in: "query", required: true, type: "string", enum: ["json", "xml"] },
          { name: "limit", in: "query", type: "integer", default: 100 },
          { name: "ids", in: "query", type: "array", items: { type: "string", example: "CN1" } },
        ],
        responses: {},
      },
    },
  },
});

const headerAuth = normaliseSwagger2({
  swagger: "2.0",
  host: "flows.example.com",
  basePath: "/",
  securityDefinitions: { bearer: { type: "apiKey", in: "header", name: "Authorization" } },
  paths: {
    "/v2/Report/{dataset}": {
      post: {
        summary: "Generate a report",
        tags: ["Reports"],
        parameters: [
          { name: "dataset", in: "path", required: true, type: "string", enum: ["FF", "CF"] },
          { name: "report", in: "body", required: true, schema: { $ref: "#/definitions/Report" } },
        ],
        responses: {},
      },
    },
  },
  definitions: {
    Report: { type: "object", properties: { level: { type: "integer", example: 2 }, from: { type: "string", format: "date" } } },
  },
});

describe("toPostmanCollection", () => {
  it("sends the key as a query parameter when the spec says so, and carries the variables", () => {
    const collection = toPostmanCollection(queryAuth, { name: "Series", setId: "sample" });
    const [request] = collection.item[0]!.item;
    expect(collection.item[0]!.name).toBe("Time series");
    expect(request!.name).toBe("GET /series/{id}/data");
    expect(request!.request.url.query).toEqual([
      { key: "format", value: "json" },
      { key: "limit", value: "100", disabled: true },
      { key: "ids", value: "CN1", disabled: true },
      { key: "token", value: "{{apiKey}}" },
    ]);
    expect(request!.request.header).toEqual([{ key: "Accept", value: "application/json" }]);
    expect(collection.variable).toEqual([
      { key: "baseUrl", value: "https://api.example.com/v1", type: "string" },
      { key: "apiKey", value: "YOUR_API_KEY", type: "string" },
    ]);
  });

  it("turns path parameters into :name segments with variables", () => {
    const { url } = toPostmanCollection(queryAuth, { name: "Series", setId: "sample" }).item[0]!.item[0]!.request;
    expect(url.raw).toBe("{{baseUrl}}/series/:id/data?format=json&token={{apiKey}}");
    expect(url.host).toEqual(["{{baseUrl}}"]);
    expect(url.path).toEqual(["series", ":id", "data"]);
    expect(url.variable).toEqual([{ key: "id", value: "string", description: "Series id." }]);
  });

  it("sends the key as a bearer header and the body as example JSON", () => {
    const { request } = toPostmanCollection(headerAuth, { name: "Flows", setId: "flows" }).item[0]!.item[0]!;
    expect(request.method).toBe("POST");
    expect(request.header).toEqual([
      { key: "Accept", value: "application/json" },
      { key: "Content-Type", value: "application/json" },
      { key: "Authorization", value: "Bearer {{apiKey}}" },
    ]);
    expect(request.url.raw).toBe("{{baseUrl}}/v2/Report/:dataset");
    expect(request.url.query).toBeUndefined();
    expect(request.url.variable).toEqual([{ key: "dataset", value: "FF" }]);
    expect(request.body).toEqual({
      mode: "raw",
      raw: JSON.stringify({ level: 2, from: "2026-01-31" }, null, 2),
      options: { raw: { language: "json" } },
    });
  });

  it("sends a form urlencoded or as form data, and text raw, and leaves webhooks out", () => {
    const model = normaliseOpenApi3({
      openapi: "3.1.0",
      info: { title: "Forms", version: "1" },
      tags: [{ name: "Forms" }],
      paths: {
        "/a": { post: { tags: ["Forms"], requestBody: { content: { "application/x-www-form-urlencoded": { example: { q: "x y" } } } } } },
        "/b": { post: { tags: ["Forms"], requestBody: { content: { "multipart/form-data": { example: { kind: "pdf" } } } } } },
        "/c": { post: { tags: ["Forms"], requestBody: { content: { "text/csv": { example: "a,b" } } } } },
      },
      webhooks: { sent: { post: { requestBody: { content: { "application/json": { example: {} } } } } } },
    });
    const collection = toPostmanCollection(model, { name: "Forms", setId: "forms" });
    expect(collection.item.map((folder) => folder.name)).toEqual(["Forms"]);
    const [a, b, c] = collection.item[0]!.item.map((request) => request.request);
    expect(a?.body).toEqual({ mode: "urlencoded", urlencoded: [{ key: "q", value: "x y" }] });
    expect(b?.body).toEqual({ mode: "formdata", formdata: [{ key: "kind", value: "pdf", type: "text" }] });
    expect(c?.body).toEqual({ mode: "raw", raw: "a,b" });
    expect(c?.header).toContainEqual({ key: "Content-Type", value: "text/csv" });
    expect(a?.header.map((header) => header.key)).not.toContain("Content-Type");
  });

  it("derives the collection id from the set alone", () => {
    const id = (setId: string) => toPostmanCollection(headerAuth, { name: "any", setId }).info._postman_id;
    expect(id("flows")).toBe(deterministicUuid("postman-collection:flows"));
    expect(id("flows")).not.toBe(id("macroeconomic"));
  });
});
