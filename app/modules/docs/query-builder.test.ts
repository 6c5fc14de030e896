import { describe, expect, it } from "vitest";
import {
  builderForm,
  builderRequest,
  builderSchema,
  curlCommand,
  descriptionParts,
  initialValues,
  prefilledValues,
  maskKey,
  prettyBody,
  shellQuote,
  type BuilderForm,
} from "./query-builder";
import { normaliseOpenApi3 } from "./openapi3";
import { findOperation, normaliseSwagger2 } from "./spec-model";

const model = normaliseSwagger2({
  swagger: "2.0",
  host: "api.example.com",
  basePath: "/v1",
  securityDefinitions: { token: { type: "apiKey", in: "query", name: "token" } },
  definitions: { Filter: { type: "object", properties: { name: { type: "string", example: "Rates" }, level: { type: "integer" } } } },
  paths: {
    "/series/{id}/data": {
      get: {
        parameters: [
          { name: "id", in: "path", required: true, type: "string" },
          { name: "format", in: "query", type: "string", enum: ["json", "xml"], default: "json" },
          { name: "status", in: "query", type: "string", required: true, enum: ["active", "all"] },
          { name: "key_only", in: "query", type: "boolean" },
          { name: "limit", in: "query", type: "integer", format: "int32", default: 100 },
          { name: "start_date", in: "query", type: "string", format: "date" },
          { name: "X-Trace", in: "header", type: "string" },
          { name: "filter[name]", in: "query", type: "string" },
        ],
        responses: {},
      },
    },
    "/filters": {
      post: { parameters: [{ name: "filter", in: "body", required: true, schema: { $ref: "#/definitions/Filter" } }], responses: {} },
    },
  },
});

const bearer = normaliseSwagger2({
  swagger: "2.0",
  host: "flows.example.com",
  securityDefinitions: { bearer: { type: "apiKey", in: "header", name: "Authorization" } },
  paths: { "/v2/SavedReports": { get: { parameters: [], responses: {} } } },
});

const seriesForm = builderForm(model, findOperation(model, "/series/{id}/data", "get")!, "api-key");
const filterForm = builderForm(model, findOperation(model, "/filters", "post")!, "api-key");

/** What a browser posts: every field as text, unticked boxes absent. */
function posted(form: BuilderForm, values: Record<string, string>) {
  return builderSchema(form).safeParse({ ...initialValues(form, { key: "KEY", username: null }), ...values });
}

function errorsOf(result: ReturnType<typeof posted>): Record<string, string> {
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe("the query builder's form", () => {
  it("has a field per path, query and header parameter with its type, required flag and choices", () => {
    const fields = Object.fromEntries(seriesForm.fields.map((field) => [field.parameter, field]));
    expect(seriesForm.fields.map((field) => field.name)).toEqual([
      "path_id",
      "query_format",
      "query_status",
      "query_key_only",
      "query_limit",
      "query_start_date",
      "header_X-Trace",
      "query_7",
    ]);
    expect(fields.id).toMatchObject({ in: "path", required: true, type: "string", options: null, initial: "" });
    expect(fields.format).toMatchObject({ options: ["json", "xml"], initial: "", hint: "json", required: false });
    expect(fields.status).toMatchObject({ options: ["active", "all"], initial: "active", hint: "", required: true });
    expect(fields.key_only).toMatchObject({ options: ["true", "false"], initial: "", hint: "" });
    expect(fields.limit).toMatchObject({ type: "integer (int32)", initial: "", hint: "100", input: "number" });
    expect(fields.start_date).toMatchObject({ type: "string (date)", input: "date" });
    expect(fields["X-Trace"]).toMatchObject({ in: "header" });
    expect(seriesForm.body).toBeNull();
  });

  it("pre-fills the body with the example and the key given", () => {
    expect(filterForm.body).toEqual({ required: true, description: "", example: JSON.stringify({ name: "Rates", level: 0 }, null, 2) });
    expect(initialValues(filterForm, { key: "econ_abc", username: "me" })).toEqual({ apiKey: "econ_abc", body: filterForm.body!.example });
    const session = builderForm(bearer, bearer.operations[0]!, "session");
    expect(initialValues(session, { key: null, username: "me@example.com" })).toEqual({ apiKey: "", username: "me@example.com" });
    const open = builderForm(bearer, bearer.operations[0]!, "none");
    expect(initialValues(open, { key: "econ_abc", username: null })).toEqual({});
  });
});

describe("the values a link gives the builder", () => {
  it("fills path and query parameters by name, odd names too, and neither headers nor the key", () => {
    const search = new URLSearchParams({
      "path.id": "DB01.GDP",
      "query.limit": "5",
      "query.filter[name]": "Rates",
      "header.X-Trace": "t",
      apiKey: "econ_stolen",
      "query.token": "econ_stolen",
    });
    expect(prefilledValues(seriesForm, search)).toEqual({ path_id: "DB01.GDP", query_limit: "5", query_7: "Rates" });
  });
});

describe("the query builder's form of an OpenAPI 3 operation", () => {
  it("offers a nullable enum's values without null, no cookie field, and the JSON body with the spec's example", () => {
    const openApi = normaliseOpenApi3({
      openapi: "3.1.0",
      info: { title: "T", version: "1" },
      paths: {
        "/items": {
          post: {
            parameters: [
              { name: "sort", in: "query", schema: { type: ["string", "null"], enum: ["asc", "desc", null] } },
              { name: "session", in: "cookie", schema: { type: "string" } },
            ],
            requestBody: { required: true, content: { "application/json": { schema: { type: "object" }, example: { name: "x" } } } },
          },
        },
      },
    });
    const form = builderForm(openApi, findOperation(openApi, "/items", "post")!, "none");
    expect(form.fields.map((field) => [field.name, field.options])).toEqual([["query_sort", ["asc", "desc"]]]);
    expect(form.body).toEqual({ required: true, description: "", example: '{\n  "name": "x"\n}' });
  });
});

describe("the query builder's schema", () => {
  it("accepts the pre-filled form once the required fields are given", () => {
    const result = posted(seriesForm, { path_id: " GDP.US ", showKey: "on" });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ path_id: "GDP.US", query_status: "active", query_format: "", apiKey: "KEY", showKey: true });
    expect(posted(seriesForm, { path_id: "x" }).data?.showKey).toBe(false);
  });

  it("asks for required fields and the key with SPEC's message", () => {
    expect(errorsOf(posted(seriesForm, { path_id: "", query_status: "", apiKey: "  " }))).toEqual({
      path_id: "validation.required",
      query_status: "validation.required",
      apiKey: "validation.required",
    });
    const session = builderForm(bearer, bearer.operations[0]!, "session");
    expect(errorsOf(builderSchema(session).safeParse({ apiKey: "k" }))).toEqual({ username: "validation.required" });
    expect(builderSchema(builderForm(bearer, bearer.operations[0]!, "none")).safeParse({}).success).toBe(true);
  });

  it("refuses a value outside a parameter's choices", () => {
    expect(errorsOf(posted(seriesForm, { path_id: "x", query_format: "csv" }))).toEqual({ query_format: "validation.invalidOption" });
  });

  it("refuses a body that is not JSON, and an empty required body", () => {
    expect(errorsOf(posted(filterForm, { body: "{ name: 1 }" }))).toEqual({ body: "queryBuilder.badJson" });
    expect(errorsOf(posted(filterForm, { body: "" }))).toEqual({ body: "validation.required" });
    expect(posted(filterForm, { body: '{"name":"x"}' }).success).toBe(true);
  });

  it("refuses values too long to be a parameter or a key", () => {
    expect(errorsOf(posted(seriesForm, { path_id: "x".repeat(5000) }))).toEqual({ path_id: "validation.tooLong|max=4096" });
    expect(errorsOf(posted(seriesForm, { path_id: "x", apiKey: "k".repeat(3000) }))).toEqual({ apiKey: "validation.tooLong|max=2048" });
  });
});

describe("the query builder's request", () => {
  it("fills the path, lists only the query parameters given (no default the reader left alone) and puts the key where the spec says", () => {
    const values = posted(seriesForm, { path_id: "A/B C", query_key_only: "true", "header_X-Trace": "t1", query_7: "Rates" }).data!;
    expect(builderRequest(seriesForm, values, "KEY")).toEqual({
      method: "GET",
      path: "/series/A%2FB%20C/data",
      query: [
        ["status", "active"],
        ["key_only", "true"],
        ["filter[name]", "Rates"],
        ["token", "KEY"],
      ],
      headers: { Accept: "application/json", "X-Trace": "t1" },
    });
  });

  it("sends a bearer token in the header and a JSON body, and no credential for an open operation", () => {
    const session = builderForm(bearer, bearer.operations[0]!, "session");
    expect(builderRequest(session, {}, "ffs_token").headers).toEqual({ Accept: "application/json", Authorization: "Bearer ffs_token" });
    const values = posted(filterForm, { body: '{"name":"x"}' }).data!;
    expect(builderRequest(filterForm, values, null)).toEqual({
      method: "POST",
      path: "/filters",
      query: [],
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: '{"name":"x"}',
    });
  });
});

describe("the curl command", () => {
  it("quotes every word so the shell expands nothing", () => {
    expect(shellQuote("it's $HOME")).toBe(`'it'\\''s $HOME'`);
    expect(
      curlCommand({
        method: "POST",
        url: "https://portal.example.com/data-api/macroeconomic/filters?token=KEY&q=a%20b",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: `{"name":"O'Brien"}`,
      }),
    ).toBe(
      [
        "curl -X POST 'https://portal.example.com/data-api/macroeconomic/filters?token=KEY&q=a%20b'",
        "  -H 'Accept: application/json'",
        "  -H 'Content-Type: application/json'",
        `  --data-raw '{"name":"O'\\''Brien"}'`,
      ].join(" \\\n"),
    );
    expect(curlCommand({ method: "GET", url: "https://x.example/a", headers: {} })).toBe("curl -X GET 'https://x.example/a'");
  });

  it("masks a key down to its last four characters", () => {
    expect(maskKey("econ_abcdefgh")).toBe("****efgh");
  });
});

describe("the response body", () => {
  it("pretty-prints JSON and keeps anything else as text", () => {
    expect(prettyBody('{"a":[1,2]}', "application/json; charset=utf-8")).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(prettyBody('[{"a":1}]', undefined)).toBe('[\n  {\n    "a": 1\n  }\n]');
    expect(prettyBody("<series/>", "application/xml")).toBe("<series/>");
    expect(prettyBody("{broken", "application/json")).toBe("{broken");
  });
});

describe("a parameter's description in the builder", () => {
  it("shows the spec's inline code without its backticks", () => {
    expect(descriptionParts("Search words, e.g. `gdp china`; see `limit`.")).toEqual([
      { text: "Search words, e.g. ", code: false },
      { text: "gdp china", code: true },
      { text: "; see ", code: false },
      { text: "limit", code: true },
      { text: ".", code: false },
    ]);
  });

  it("keeps text without code, and a lone backtick, as written", () => {
    expect(descriptionParts("Page size")).toEqual([{ text: "Page size", code: false }]);
    expect(descriptionParts("a ` b")).toEqual([{ text: "a ` b", code: false }]);
    expect(descriptionParts("")).toEqual([]);
  });
});
