import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "./support/test";

/** Each set's downloads table: on its using-sdk page, or on the overview of a set without one. */
const downloadPages: Record<string, string> = {
  macroeconomic: "/docs/econ/macroeconomic/getting-started/using-sdk",
  sandbox: "/docs/econ/sandbox",
  company: "/docs/corp/company/getting-started/using-sdk",
  "company-v2": "/docs/corp/api-v2/getting-started/using-sdk",
  documents: "/docs/corp/documents/getting-started/using-sdk",
  dealwatch: "/docs/corp/dealwatch",
  "fund-flows": "/docs/flows/api-v2/getting-started/using-sdk",
  "real-estate": "/docs/estate/api-v1/getting-started/using-sdk",
};

const contentTypes: Record<string, string> = {
  json: "application/json; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  py: "text/x-python; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  php: "text/x-php; charset=utf-8",
  R: "text/plain; charset=utf-8",
};

/** The files a page links for download, in page order. */
async function listedDownloads(request: APIRequestContext, url: string): Promise<string[]> {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return [...(await response.text()).matchAll(/<a href="([^"]+)" download=""/g)].map((match) => match[1] ?? "");
}

test.describe.configure({ mode: "parallel" });

for (const [set, url] of Object.entries(downloadPages)) {
  test(`every download of ${set} answers 200 as an attachment of the right type`, { tag: "@no-db" }, async ({ request }) => {
    const paths = await listedDownloads(request, url);
    const root = url.split("/").slice(0, 4).join("/");
    const files = paths.map((path) => path.slice(path.lastIndexOf("/") + 1));
    expect(files).toEqual(expect.arrayContaining(["openapi.json", "swagger.json", "postman-collection.json"]));
    for (const path of paths) {
      expect(path.startsWith(`${root}/downloads/`), path).toBe(true);
      const file = path.slice(path.lastIndexOf("/") + 1);
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["content-type"], path).toBe(contentTypes[file.slice(file.lastIndexOf(".") + 1)]);
      expect(response.headers()["content-disposition"], path).toBe(`attachment; filename="${file}"`);
      expect(response.headers()["cache-control"], path).toBe("public, max-age=300");
      expect((await response.body()).length, path).toBeGreaterThan(0);
    }
  });
}

test(
  "the specification downloads are a valid OpenAPI 3.0.3 document, the Swagger 2.0 spec and a Postman collection",
  { tag: "@no-db" },
  async ({ request }) => {
    const openapi = await (await request.get("/docs/flows/api-v2/downloads/openapi.json")).json();
    expect(openapi).toMatchObject({ openapi: "3.0.3", info: { title: "Fund Flows API" } });
    expect(Object.keys(openapi.paths)).toContain("/Session");
    const swagger = await (await request.get("/docs/econ/macroeconomic/downloads/swagger.json")).json();
    expect(swagger.swagger).toBe("2.0");
    const collection = await (await request.get("/docs/flows/api-v2/downloads/postman-collection.json")).json();
    expect(collection.info.schema).toBe("https://schema.getpostman.com/json/collection/v2.1.0/collection.json");
    expect(collection.variable.map((variable: { key: string }) => variable.key)).toEqual(["baseUrl", "apiKey"]);
  },
);

test("the fund flows R client is served for the R download button", { tag: "@no-db" }, async ({ request }) => {
  const response = await request.get("/docs/flows/api-v2/downloads/fund_flows_client.R");
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("fund_flows_client <- function(api_key");
});

test("HEAD answers like GET without a body", { tag: "@no-db" }, async ({ request }) => {
  const response = await request.head("/docs/flows/api-v2/downloads/openapi.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/json; charset=utf-8");
  expect(response.headers()["content-disposition"]).toBe('attachment; filename="openapi.json"');
  expect((await response.body()).length).toBe(0);
});

test("an unknown file or set, another set's file and a path out of the folder are 404s", { tag: "@no-db" }, async ({ request }) => {
  for (const url of [
    "/docs/flows/api-v2/downloads/secrets.json",
    "/docs/econ/macroeconomic/downloads/fund_flows_client.R",
    "/docs/econ/sandbox/downloads/sandbox-guide-python.md",
    "/docs/econ/nope/downloads/openapi.json",
    "/docs/weather/api/downloads/openapi.json",
    "/docs/flows/api-v2/downloads/..%2Fswagger.json",
    "/docs/flows/api-v2/downloads/%2E%2E%2F%2E%2E%2F%2E%2E%2Fpackage.json",
    "/docs/flows/api-v2/downloads/..%5C..%5Cpackage.json",
  ]) {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(404);
    expect(response.headers()["content-disposition"], url).toBeUndefined();
  }
  const unknown = await request.get("/docs/flows/api-v2/downloads/secrets.json");
  expect(await unknown.text()).toBe("Not Found");
});
