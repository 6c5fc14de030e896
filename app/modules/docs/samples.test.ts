import { describe, expect, it } from "vitest";
import { requestSamples, sampleUrl } from "./samples";
import { findOperation, normaliseSwagger2 } from "./spec-model";

const queryAuth = normaliseSwagger2({
  swagger: "2.0",
  host: "api.example.com",
  basePath: "/v1",
  securityDefinitions: { key: { type: "apiKey", in: "query", name: "token" } },
  paths: {
    "/series/{id}": {
      get: {
        parameters: [
          { name: "id", in: "path", type: "string", "x-example": "x" },
          { name: "format", in: "query", type: "string", required: true, enum: ["json", "xml"] },
          { name: "limit", in: "query", type: "integer" },
        ],
        responses: {},
      },
    },
  },
});

const headerAuth = normaliseSwagger2({
  swagger: "2.0",
  host: "flows.example.com",
  securityDefinitions: { bearer: { type: "apiKey", in: "header", name: "Authorization" } },
  paths: {
    "/v2/Report": {
      post: {
        parameters: [{ name: "body", in: "body", schema: { type: "object", properties: { level: { type: "integer", example: 2 } } } }],
        responses: {},
      },
    },
    "/Session": { post: { security: [], parameters: [], responses: {} } },
  },
});

describe("request samples", () => {
  it("fill path parameters and required query parameters and put the key where the spec says", () => {
    const operation = findOperation(queryAuth, "/series/{id}", "get")!;
    expect(sampleUrl(queryAuth, operation, "KEY")).toBe("https://api.example.com/v1/series/string?format=json&token=KEY");
  });

  it("send a bearer header and a JSON body in every language", () => {
    const samples = requestSamples(headerAuth, findOperation(headerAuth, "/v2/Report", "post")!, "KEY");
    expect(samples.curl).toContain('curl -X POST "https://flows.example.com/v2/Report"');
    expect(samples.curl).toContain('-H "Authorization: Bearer KEY"');
    expect(samples.curl).toContain(`-d '{"level":2}'`);
    expect(samples.python).toContain('"Authorization": "Bearer KEY"');
    expect(samples.python).toContain('"level": 2');
    expect(samples.javascript).toContain('method: "POST"');
    expect(samples.php).toContain("CURLOPT_POSTFIELDS => '{\"level\":2}'");
    expect(samples.r).toContain('VERB("POST", "https://flows.example.com/v2/Report"');
  });

  it("carry no credentials for an operation the spec opens to everyone (security: [])", () => {
    const session = findOperation(headerAuth, "/Session", "post")!;
    expect(session.open).toBe(true);
    expect(findOperation(headerAuth, "/v2/Report", "post")!.open).toBe(false);
    for (const sample of Object.values(requestSamples(headerAuth, session, "KEY"))) expect(sample).not.toContain("KEY");
  });

  it("use a placeholder key by default", () => {
    expect(requestSamples(queryAuth, queryAuth.operations[0]!).curl).toContain("token=YOUR_API_KEY");
  });

  it("call the base URL in force and carry the key given", () => {
    const samples = requestSamples(queryAuth, queryAuth.operations[0]!, "econ_KEY", "http://portal.example.com/data-api/macroeconomic");
    for (const sample of Object.values(samples)) {
      expect(sample).toContain("http://portal.example.com/data-api/macroeconomic/series/string?format=json&token=econ_KEY");
      expect(sample).not.toContain("api.example.com/v1");
    }
  });
});
