import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normaliseOpenApi3 } from "./openapi3";
import { pythonLiteral, requestSamples, sampleLanguages, sampleUrl, WEBHOOK_ENDPOINT, type SampleLanguage } from "./samples";
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

const bodies = normaliseOpenApi3({
  openapi: "3.1.0",
  info: { title: "Bodies", version: "1" },
  servers: [{ url: "https://api.example.com" }],
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Key" } } },
  security: [{ key: [] }],
  paths: {
    "/notes": {
      post: {
        requestBody: {
          content: {
            "application/json": {
              schema: { type: "object" },
              example: { text: 'It\'s "null" and true, $HOME `id` \\ done', tags: [null, false] },
            },
          },
        },
      },
      put: {
        requestBody: {
          content: {
            "application/x-www-form-urlencoded": {
              schema: { type: "object", properties: { name: { type: "string", example: "O'Brien & co" } } },
            },
          },
        },
      },
      patch: {
        requestBody: {
          content: { "multipart/form-data": { schema: { type: "object", properties: { kind: { type: "string", enum: ["invoice"] } } } } },
        },
      },
      delete: { requestBody: { content: { "text/plain": { schema: { type: "string", example: "Don't \\n stop" } } } } },
    },
  },
  webhooks: {
    noteAdded: {
      post: {
        parameters: [{ name: "X-Signature", in: "header", schema: { type: "string", example: "sha256=abc" } }],
        requestBody: { content: { "application/json": { schema: { type: "object", properties: { id: { type: "integer" } } } } } },
      },
    },
  },
});

describe("request bodies of every media type", () => {
  it("send JSON, a urlencoded form, a multipart form and text, each the way its language sends it", () => {
    const samplesOf = (method: string) => requestSamples(bodies, findOperation(bodies, "/notes", method)!, "KEY");
    const form = samplesOf("put");
    expect(form.curl).toContain(`--data-urlencode 'name=O'\\''Brien & co'`);
    expect(form.curl).not.toContain("Content-Type");
    expect(form.python).toContain(`data={"name": "O'Brien & co"},`);
    expect(form.javascript).toContain(`body: new URLSearchParams([["name","O'Brien & co"]]),`);
    expect(form.php).toContain(`CURLOPT_POSTFIELDS => http_build_query(['name' => 'O\\'Brien & co']),`);
    expect(form.r).toContain(`body = list("name" = "O'Brien & co"), encode = "form")`);
    const multipart = samplesOf("patch");
    expect(multipart.curl).toContain(`-F 'kind=invoice'`);
    expect(multipart.python).toContain(`files={"kind": (None, "invoice")},`);
    expect(multipart.r).toContain(`encode = "multipart")`);
    const text = samplesOf("delete");
    expect(text.curl).toContain(`-H "Content-Type: text/plain"`);
    expect(text.curl).toContain(`--data-binary 'Don'\\''t \\n stop'`);
  });

  it("write a JSON body's literals for Python, leaving words inside strings alone", () => {
    expect(pythonLiteral({ a: [true, null], b: "true null" })).toBe('{\n  "a": [\n    True,\n    None\n  ],\n  "b": "true null"\n}');
  });

  it("post a webhook's example delivery to the reader's own endpoint, with its headers and no key", () => {
    const webhook = findOperation(bodies, "noteAdded", "post")!;
    const samples = requestSamples(bodies, webhook, "KEY");
    for (const sample of Object.values(samples)) {
      expect(sample).toContain(WEBHOOK_ENDPOINT);
      expect(sample).toContain("sha256=abc");
      expect(sample).not.toContain("KEY");
      expect(sample).not.toContain("Accept");
    }
    expect(samples.python).toContain("print(response.status_code)");
  });
});

const installed = (command: string, ...args: string[]) => !spawnSync(command, args, { stdio: "ignore" }).error;
const programs: Record<SampleLanguage, { file: string; command: string; available: boolean }> = {
  curl: { file: "sample.sh", command: "bash", available: installed("curl", "--version") },
  python: { file: "sample.py", command: "python3", available: spawnSync("python3", ["-c", "import requests"]).status === 0 },
  javascript: { file: "sample.mjs", command: "node", available: true },
  php: { file: "sample.php", command: "php", available: installed("php", "--version") },
  r: { file: "sample.R", command: "Rscript", available: spawnSync("Rscript", ["-e", "library(httr)"], { stdio: "ignore" }).status === 0 },
};

describe("request samples run against a server", () => {
  interface Received {
    method: string;
    contentType: string;
    body: string;
  }
  const received: Received[] = [];
  let server: Server;
  let base = "";
  const folder = mkdtempSync(path.join(tmpdir(), "samples-test-"));

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => {
        received.push({ method: request.method ?? "", contentType: request.headers["content-type"] ?? "", body });
        response.writeHead(200, { "Content-Type": "application/json" }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function send(language: SampleLanguage, method: string): Promise<Received> {
    const program = programs[language];
    const file = path.join(folder, `${method}-${program.file}`);
    writeFileSync(file, requestSamples(bodies, findOperation(bodies, "/notes", method)!, "KEY", base)[language]);
    received.length = 0;
    await promisify(execFile)(program.command, [file], { cwd: folder, env: { ...process.env, NO_PROXY: "*", no_proxy: "*" } });
    expect(received).toHaveLength(1);
    return received[0]!;
  }

  it.each(sampleLanguages.filter((language) => programs[language].available))(
    "send quotes, backslashes, dollars and words like null inside a body unchanged (%s)",
    async (language) => {
      const json = await send(language, "post");
      expect(json.contentType).toBe("application/json");
      expect(JSON.parse(json.body)).toEqual({ text: 'It\'s "null" and true, $HOME `id` \\ done', tags: [null, false] });
      const form = await send(language, "put");
      expect(form.contentType).toMatch(/^application\/x-www-form-urlencoded/);
      expect(new URLSearchParams(form.body).get("name")).toBe("O'Brien & co");
      const multipart = await send(language, "patch");
      expect(multipart.contentType).toMatch(/^multipart\/form-data; boundary=/);
      expect(multipart.body).toMatch(/name="kind"(?:\r\n[^\r]+)*\r\n\r\ninvoice\r\n/);
      const text = await send(language, "delete");
      expect(text).toMatchObject({ method: "DELETE", contentType: "text/plain", body: "Don't \\n stop" });
    },
    30_000,
  );
});
