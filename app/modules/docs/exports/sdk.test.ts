import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docSets } from "~/modules/registry/registry";
import { normaliseOpenApi3 } from "../openapi3";
import { normaliseSwagger2, type ApiModel } from "../spec-model";
import { clientFilename, clientLanguages, generateClient, identifierWords, type ClientLanguage } from "./sdk";

const run = promisify(execFile);
const installed = (command: string, ...args: string[]) => !spawnSync(command, args, { stdio: "ignore" }).error;
const has = {
  python: installed("python3", "--version"),
  javascript: true,
  php: installed("php", "--version"),
  r: installed("Rscript", "--version"),
};
const rPackages = has.r && spawnSync("Rscript", ["-e", "library(httr); library(jsonlite)"], { stdio: "ignore" }).status === 0;

const directory = mkdtempSync(path.join(tmpdir(), "sdk-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function save(model: ApiModel, language: ClientLanguage, packageName: string): string {
  const client = generateClient(model, language, { packageName, version: model.version || "1.0.0" });
  const file = path.join(directory, client.filename);
  writeFileSync(file, client.source);
  return file;
}

const syntaxCheck: Record<ClientLanguage, (file: string) => [string, string[]]> = {
  python: (file) => ["python3", ["-B", "-m", "py_compile", file]],
  javascript: (file) => ["node", ["--check", file]],
  php: (file) => ["php", ["-l", file]],
  r: (file) => ["Rscript", ["-e", `invisible(parse(file = ${JSON.stringify(file)}))`]],
};

async function expectValidSyntax(language: ClientLanguage, file: string): Promise<void> {
  const [command, args] = syntaxCheck[language](file);
  await expect(run(command, args)).resolves.toBeDefined();
}

const methodPattern: Record<ClientLanguage, RegExp> = {
  python: /^ {4}def ([a-z]\w*)\(self/gm,
  javascript: /^ {2}(?!constructor\()([A-Za-z]\w*)\(.*\) \{$/gm,
  php: /^ {4}public function (?!__construct\()(\w+)\(/gm,
  r: /^ {4}(\w+) = function\(/gm,
};

const methodNames = (language: ClientLanguage, source: string) => [...source.matchAll(methodPattern[language])].map((match) => match[1]);

const readModel = (id: string) =>
  normaliseSwagger2(JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../content/specs/${id}.json`, import.meta.url)), "utf8")));

describe.each(docSets.map((docSet) => docSet.id))("the %s clients", (id) => {
  const model = readModel(id);

  it.each(clientLanguages)("in %s have one method per operation", (language) => {
    const { source } = generateClient(model, language, { packageName: id, version: model.version });
    const names = methodNames(language, source);
    expect(names).toHaveLength(model.operations.length);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(clientLanguages.filter((language) => has[language]))("in %s are valid code", async (language) => {
    await expectValidSyntax(language, save(model, language, id));
  });
});

describe("client names", () => {
  it("split identifiers into words", () => {
    expect(identifierWords("getHTTPStatus-v2")).toEqual(["get", "http", "status", "v2"]);
    expect(identifierWords("get-/series/{id}")).toEqual(["get", "series", "id"]);
  });

  it("name the files after the package in each language's convention", () => {
    expect(clientLanguages.map((language) => clientFilename(language, "macroeconomic"))).toEqual([
      "macroeconomic_client.py",
      "macroeconomic-client.mjs",
      "MacroeconomicClient.php",
      "macroeconomic_client.R",
    ]);
    expect(clientFilename("php", "company-v2")).toBe("CompanyV2Client.php");
  });
});

const hostile = `Say "hi" */ ''' """ \\ ?> <?php $x {$y} \${z} \`cmd\``;

const awkward = normaliseSwagger2({
  swagger: "2.0",
  info: { title: `Awkward */ "API" '''`, version: "0.1.0" },
  host: "api.example.com",
  basePath: "/v1'\"",
  securityDefinitions: { token: { type: "apiKey", in: "query", name: "api'key\"" } },
  paths: {
    "/items/{class}": {
      get: {
        operationId: "getItem",
        summary: `${hostile}\nprint("injected")\n# */ console.log("injected")`,
        parameters: [{ name: "class", in: "path", required: true, type: "string" }],
        responses: {},
      },
    },
    "/items/{from}/copy": {
      post: {
        operationId: "get_item",
        summary: hostile,
        parameters: [
          { name: "from", in: "path", required: true, type: "string" },
          { name: "body", in: "body", schema: { type: "object" } },
        ],
        responses: {},
      },
    },
    "/{default}": {
      delete: { operationId: "class", parameters: [{ name: "default", in: "path", required: true, type: "string" }], responses: {} },
    },
    "/request": { get: { operationId: "request", responses: {} } },
    "/constructor": { get: { operationId: "constructor", responses: {} } },
  },
});

describe("a client of an OpenAPI 3 spec", () => {
  it.each(clientLanguages)("has no method for a webhook, which the API sends (%s)", (language) => {
    const model = normaliseOpenApi3({
      openapi: "3.1.0",
      info: { title: "Hooks", version: "1" },
      paths: { "/pets": { get: { operationId: "listPets", responses: {} } } },
      webhooks: { petAdded: { post: { operationId: "petAdded", responses: {} } } },
    });
    expect(methodNames(language, generateClient(model, language, { packageName: "hooks", version: "1" }).source)).toHaveLength(1);
  });
});

describe("generated code with hostile text from the spec", () => {
  it("makes valid, unique method names in each convention", () => {
    const names = Object.fromEntries(
      clientLanguages.map((language) => [
        language,
        methodNames(language, generateClient(awkward, language, { packageName: "awkward", version: "0.1.0" }).source),
      ]),
    );
    expect(names).toEqual({
      python: ["get_item", "get_item_2", "class_", "request", "constructor"],
      javascript: ["getItem", "getItem_2", "class", "request", "constructor_"],
      php: ["getItem", "getItem_2", "class", "request_", "constructor"],
      r: ["get_item", "get_item_2", "class", "request", "constructor"],
    });
  });

  it.each(clientLanguages)("keeps every line of the text inside the %s comment", (language) => {
    const { source } = generateClient(awkward, language, { packageName: "awkward", version: "0.1.0" });
    expect(source).not.toMatch(/^\s*(print|console\.log)\("injected"\)/m);
  });

  it.each(clientLanguages.filter((language) => has[language]))("stays valid %s", async (language) => {
    await expectValidSyntax(language, save(awkward, language, "awkward"));
  });

  it.skipIf(!has.python)("keeps the summary as the Python docstring", async () => {
    save(awkward, "python", "awkward");
    const script = `import sys, json; sys.path.insert(0, ${JSON.stringify(directory)}); import awkward_client as c; print(json.dumps([c.AwkwardClient.get_item.__doc__, c.AwkwardClient.get_item_2.__doc__]))`;
    const { stdout } = await run("python3", ["-B", "-c", script]);
    const [first, second] = JSON.parse(stdout) as string[];
    expect(first?.split("\n")[0]).toBe(hostile);
    expect(first).toContain('print("injected")');
    expect(second?.split("\n")[0]).toBe(hostile);
  });

  it("keeps the JavaScript methods callable", async () => {
    const module: { AwkwardClient: new (apiKey: string) => Record<string, unknown> } = await import(
      /* @vite-ignore */ pathToFileURL(save(awkward, "javascript", "awkward")).href
    );
    const client = new module.AwkwardClient("KEY");
    expect(["getItem", "getItem_2", "class", "request", "constructor_"].map((name) => typeof client[name])).toEqual(
      Array(5).fill("function"),
    );
  });
});

/** What the test server saw of a call: the clients print these as JSON. */
interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  contentType: string | null;
  body: unknown;
}

const callSpec = (auth: { in: "query" | "header"; name: string }) =>
  normaliseSwagger2({
    swagger: "2.0",
    info: { title: "Sample", version: "1.0.0" },
    host: "unused.example.com",
    securityDefinitions: { key: { type: "apiKey", ...auth } },
    paths: {
      "/items/{item_id}": {
        get: { operationId: "getItem", parameters: [{ name: "item_id", in: "path", required: true, type: "string" }], responses: {} },
      },
      "/items/{from}": {
        post: {
          operationId: "createItem",
          parameters: [
            { name: "from", in: "path", required: true, type: "string" },
            { name: "item", in: "body", required: true, schema: { type: "object" } },
          ],
          responses: {},
        },
      },
      "/missing": { get: { operationId: "getMissing", responses: {} } },
    },
  });

const drivers: Record<Exclude<ClientLanguage, "r">, (file: string, baseUrl: string) => [string, string[]]> = {
  python: (file, baseUrl) => [
    "python3",
    [
      "-B",
      "-c",
      `import sys, json; sys.path.insert(0, ${JSON.stringify(path.dirname(file))})
from sample_client import SampleClient, ApiError
client = SampleClient("KEY", ${JSON.stringify(baseUrl)})
out = [client.get_item("a b/c", {"limit": 5, "flag": True, "ids": ["x", "y"], "none": None}), client.create_item("2024-01-01", {"name": "n"})]
try:
    client.get_missing()
except ApiError as error:
    out.append(error.status)
print(json.dumps(out))`,
    ],
  ],
  javascript: (file, baseUrl) => [
    "node",
    [
      "--input-type=module",
      "-e",
      `import { SampleClient, ApiError } from ${JSON.stringify(pathToFileURL(file).href)};
const client = new SampleClient("KEY", ${JSON.stringify(baseUrl)});
const out = [await client.getItem("a b/c", { limit: 5, flag: true, ids: ["x", "y"], none: null }), await client.createItem("2024-01-01", { name: "n" })];
try { await client.getMissing(); } catch (error) { if (error instanceof ApiError) out.push(error.status); }
console.log(JSON.stringify(out));`,
    ],
  ],
  php: (file, baseUrl) => [
    "php",
    [
      "-r",
      `require ${JSON.stringify(file)};
$client = new SampleClient("KEY", ${JSON.stringify(baseUrl)});
$out = [$client->getItem("a b/c", ["limit" => 5, "flag" => true, "ids" => ["x", "y"], "none" => null]), $client->createItem("2024-01-01", ["name" => "n"])];
try { $client->getMissing(); } catch (SampleClientException $error) { $out[] = $error->getCode(); }
echo json_encode($out);`,
    ],
  ],
};

describe("generated clients calling a server", () => {
  let server: Server;
  let baseUrl = "";

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const url = new URL(request.url ?? "/", "http://localhost");
        const text = Buffer.concat(chunks).toString("utf8");
        const seen: Seen = {
          method: request.method ?? "",
          path: decodeURIComponent(url.pathname),
          query: Object.fromEntries(url.searchParams),
          authorization: request.headers.authorization ?? null,
          contentType: request.headers["content-type"] ?? null,
          body: text ? JSON.parse(text) : null,
        };
        response.writeHead(url.pathname.endsWith("/missing") ? 404 : 200, { "Content-Type": "application/json" });
        response.end(JSON.stringify(url.pathname.endsWith("/missing") ? { error: "Not found" } : seen));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const languages = (["python", "javascript", "php"] as const).filter((language) => has[language]);

  it.each(languages)("in %s: path, query, body and the key in the query; errors carry the status", async (language) => {
    const [command, args] = drivers[language](save(callSpec({ in: "query", name: "token" }), language, "sample"), baseUrl);
    const { stdout } = await run(command, args, { timeout: 15_000 });
    expect(JSON.parse(stdout)).toEqual([
      {
        method: "GET",
        path: "/base/items/a b/c",
        query: { limit: "5", flag: "true", ids: "x,y", token: "KEY" },
        authorization: null,
        contentType: null,
        body: null,
      },
      {
        method: "POST",
        path: "/base/items/2024-01-01",
        query: { token: "KEY" },
        authorization: null,
        contentType: "application/json",
        body: { name: "n" },
      },
      404,
    ]);
  });

  it.each(languages)("in %s: a bearer header when the spec says so", async (language) => {
    const [command, args] = drivers[language](save(callSpec({ in: "header", name: "Authorization" }), language, "sample"), baseUrl);
    const { stdout } = await run(command, args, { timeout: 15_000 });
    const [get] = JSON.parse(stdout) as Seen[];
    expect(get).toMatchObject({ query: { limit: "5" }, authorization: "Bearer KEY" });
    expect(get?.query).not.toHaveProperty("token");
  });

  it.skipIf(!rPackages)("in r: the same calls through httr", async () => {
    const file = save(callSpec({ in: "query", name: "token" }), "r", "sample");
    const script = `source(${JSON.stringify(file)})
client <- sample_client("KEY", ${JSON.stringify(baseUrl)})
got <- client$get_item("a b/c", query = list(limit = 5, flag = TRUE, ids = c("x", "y")))
status <- tryCatch({ client$get_missing(); NA }, api_error = function(error) error$status)
cat(jsonlite::toJSON(list(query = got$query, status = status), auto_unbox = TRUE))`;
    const { stdout } = await run("Rscript", ["-e", script], { timeout: 30_000 });
    expect(JSON.parse(stdout)).toEqual({ query: { limit: "5", flag: "true", ids: "x,y", token: "KEY" }, status: 404 });
  });
});
