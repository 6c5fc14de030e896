import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from "@playwright/test";
import { signInToken } from "./support/accounts";
import { startPortalProcess, type PortalProcess } from "./support/portal-process";
import { test } from "./support/test";

/**
 * The anonymous full-page cache (app/modules/server/page-cache.server.ts), on a server of its own with a database
 * of its own: specification reloads made by other tests on the shared database would empty its cache midway.
 */

const operationPage = "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get";
const overview = "/docs/econ/macroeconomic";
const routingData = "/api/routing/data/macroeconomic";
const admin = { email: "admin@demo.test", password: "demo-password" };

test.describe.configure({ mode: "serial" });

let server: PortalProcess;
let dataDir: string;
let client: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-page-cache-"));
  server = await startPortalProcess({ DATA_DIR: dataDir, CATALOG_SERIES: "0", CATALOG_COMPANIES: "0", CATALOG_DOCUMENTS: "0" });
  client = await playwright.request.newContext({ baseURL: server.baseURL });
});

test.afterAll(async () => {
  await client?.dispose();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const cacheState = (response: APIResponse) => response.headers()["x-cache"];

/** The demo admin's session token, signed in apart so that the cookie never lands in the anonymous client's jar. */
async function adminToken(playwright: PlaywrightWorkerArgs["playwright"]): Promise<string> {
  const signIn = await playwright.request.newContext({ baseURL: server.baseURL });
  const token = await signInToken(signIn, admin);
  await signIn.dispose();
  return token;
}

/** Asks until the answer comes from the cache: the first request renders (or an earlier test did). */
async function hit(url: string, headers: Record<string, string> = {}): Promise<APIResponse> {
  const response = await client.get(url, { headers });
  return cacheState(response) === "hit" ? response : client.get(url, { headers });
}

test("an anonymous docs page is rendered once, then served from memory with the same bytes, validators and headers", async () => {
  const miss = await client.get(operationPage);
  expect([miss.status(), cacheState(miss)]).toEqual([200, "miss"]);
  const cached = await client.get(operationPage);
  expect([cached.status(), cacheState(cached)]).toEqual([200, "hit"]);
  expect(await cached.text()).toBe(await miss.text());
  const headers = cached.headers();
  expect(headers.etag).toBe(miss.headers().etag);
  expect(headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
  expect(headers.vary?.split(/,\s*/).sort()).toEqual(["Accept", "Accept-Encoding", "Cookie"]);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");

  // No nonce survives: the policy lists the hash of every inline script instead, the rest of it unchanged.
  const html = await cached.text();
  const policy = headers["content-security-policy"]!;
  expect(html).not.toMatch(/\snonce=/);
  expect(policy).not.toContain("'nonce-");
  for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
    expect(policy).toContain(directive);
  }
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/\ssrc=/.test(` ${attributes}`));
  expect(inline.length).toBeGreaterThan(0);
  for (const [, , source] of inline) {
    expect(policy).toContain(`'sha256-${createHash("sha256").update(source!).digest("base64")}'`);
  }

  // Each coding is its own representation; the ETag answers a revalidation with a bodiless 304.
  const tag = headers.etag!.replace(/-(?:br|gzip)"$/, '"');
  const brotli = await client.get(operationPage, { headers: { "Accept-Encoding": "br" } });
  const gzip = await client.get(operationPage, { headers: { "Accept-Encoding": "gzip" } });
  const plain = await client.get(operationPage, { headers: { "Accept-Encoding": "identity" } });
  expect([brotli, gzip, plain].map((response) => response.headers()["content-encoding"])).toEqual(["br", "gzip", undefined]);
  expect([brotli, gzip, plain].map((response) => response.headers().etag)).toEqual([
    tag.replace(/"$/, '-br"'),
    tag.replace(/"$/, '-gzip"'),
    tag,
  ]);
  for (const response of [brotli, gzip, plain]) expect(await response.text()).toBe(html);
  expect(Number(plain.headers()["content-length"])).toBe(Buffer.byteLength(html));
  const revalidated = await client.get(operationPage, { headers: { "If-None-Match": headers.etag! } });
  expect([revalidated.status(), revalidated.headers().etag, (await revalidated.body()).length]).toEqual([304, headers.etag, 0]);
  const head = await client.head(operationPage);
  expect([head.status(), cacheState(head), head.headers().etag]).toEqual([200, "hit", headers.etag]);

  // Answers that are not a 200 page are never kept.
  for (const url of ["/docs/econ/macroeconomic/no-such-page", "/docs/econ/macroeconomic/docs?path=%2Fseries%2F%7Bid%7D&method=get"]) {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await client.get(url, { maxRedirects: 0 });
      expect(response.status(), url).not.toBe(200);
      expect(cacheState(response), url).toBeUndefined();
    }
  }
});

test("a signed-in reader, and any request with a cookie, gets the page rendered for it", async ({ playwright }) => {
  await hit(overview);
  const token = await adminToken(playwright);
  for (const cookie of [`token=${token}`, "unrelated=1"]) {
    const response = await client.get(overview, { headers: { Cookie: cookie } });
    expect(response.status(), cookie).toBe(200);
    expect(cacheState(response), cookie).toBeUndefined();
    expect(response.headers()["content-security-policy"], cookie).toContain("'nonce-");
  }
  const signedIn = await client.get(overview, { headers: { Cookie: `token=${token}` } });
  expect(signedIn.headers()["cache-control"]).toBe("private, no-store");
  const bearer = await client.get(routingData, { headers: { Authorization: `Bearer ${token}` } });
  expect([cacheState(bearer), bearer.headers()["cache-control"]]).toEqual([undefined, "private, no-store"]);
});

test("English and Chinese pages are kept apart, and markdown answers never come from the cache", async () => {
  const english = await hit(overview);
  const chinese = await hit(`/zh${overview}`);
  expect([cacheState(english), cacheState(chinese)]).toEqual(["hit", "hit"]);
  expect(await english.text()).toContain('<html lang="en"');
  expect(await chinese.text()).toContain('<html lang="zh-CN"');
  expect(chinese.headers().etag).not.toBe(english.headers().etag);

  for (const [url, headers] of [
    [overview, { Accept: "text/markdown" }],
    [`${overview}/docs/series.md`, {}],
  ] as const) {
    const markdown = await client.get(url, { headers });
    expect([markdown.status(), markdown.headers()["content-type"], cacheState(markdown)], url).toEqual([
      200,
      "text/markdown; charset=utf-8",
      undefined,
    ]);
  }
});

test("a specification reload through the admin API empties the cache of pages and routing data", async ({ playwright }) => {
  expect(cacheState(await hit(overview))).toBe("hit");
  expect(cacheState(await hit(routingData))).toBe("hit");
  const token = await adminToken(playwright);
  const reload = await client.post("/api/admin/dashboard", {
    data: { set: "macroeconomic" },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(reload.status()).toBe(200);
  expect(cacheState(await client.get(overview))).toBe("miss");
  expect(cacheState(await client.get(routingData))).toBe("miss");
  const data = await client.get(routingData);
  expect([cacheState(data), data.headers()["content-type"]]).toEqual(["hit", "application/json; charset=utf-8"]);
  expect(data.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(data.headers()["x-content-type-options"]).toBe("nosniff");
});
