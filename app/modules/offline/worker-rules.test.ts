import { readFileSync } from "node:fs";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

/**
 * public/sw.js is plain JavaScript served as is, so its rules are tested by running the real file in a context
 * of its own: a worker global that takes the event listeners, and an expression that hands back its functions.
 */
interface WorkerRules {
  isFresh(storedAt: number, now: number, maxAge: number): boolean;
  maxAgeFor(pathname: string): number;
  strategyFor(request: { method: string; mode: string; url: string }, origin: string): "network-first" | "cache-first" | null;
  isStorable(response: Response): boolean;
  documentUrlOf(dataUrl: string): string;
  MAX_AGE_MS: number;
  ASSET_MAX_AGE_MS: number;
  VERSION: number;
}

const source = readFileSync(new URL("../../../public/sw.js", import.meta.url), "utf8");
const listeners: string[] = [];
const workerGlobal = { addEventListener: (type: string) => listeners.push(type), location: { origin: "https://portal.example" } };
const rules = vm.runInNewContext(
  `${source}\n;({ isFresh, maxAgeFor, strategyFor, isStorable, documentUrlOf, MAX_AGE_MS, ASSET_MAX_AGE_MS, VERSION })`,
  {
    self: workerGlobal,
    URL,
  },
) as WorkerRules;

const DAY = 24 * 60 * 60 * 1000;
const origin = "https://portal.example";
const get = (path: string, mode = "cors") => ({ method: "GET", mode, url: `${origin}${path}` });

describe("the offline cache's expiry", () => {
  const now = Date.UTC(2025, 5, 15, 12);

  it("keeps docs and routing data 7 days, and hashed files a day longer so a page never outlives its files", () => {
    expect(rules.MAX_AGE_MS).toBe(7 * DAY);
    expect(rules.maxAgeFor("/docs/econ/macroeconomic")).toBe(7 * DAY);
    expect(rules.maxAgeFor("/api/routing/data/macroeconomic")).toBe(7 * DAY);
    expect(rules.maxAgeFor("/assets/root-AbC123.js")).toBe(8 * DAY);
  });

  it("serves a copy younger than the limit and never one at or past it", () => {
    expect(rules.isFresh(now, now, rules.MAX_AGE_MS)).toBe(true);
    expect(rules.isFresh(now - 7 * DAY + 1, now, rules.MAX_AGE_MS)).toBe(true);
    expect(rules.isFresh(now - 7 * DAY, now, rules.MAX_AGE_MS)).toBe(false);
    expect(rules.isFresh(now - 30 * DAY, now, rules.MAX_AGE_MS)).toBe(false);
  });

  it("treats a copy without a readable time, or from the future, as expired", () => {
    for (const storedAt of [Number.NaN, 0, Number("not a time"), now + 60_000])
      expect(rules.isFresh(storedAt, now, rules.MAX_AGE_MS)).toBe(false);
  });
});

describe("what the worker answers", () => {
  it("takes docs page navigations and their Remix data requests, in every language, network first", () => {
    for (const path of ["/docs", "/docs/econ/macroeconomic", "/zh/docs/corp/api-v2/docs/companies?path=x", "/en/docs/econ/sandbox"]) {
      expect(rules.strategyFor(get(path, "navigate"), origin)).toBe("network-first");
    }
    expect(rules.strategyFor(get("/docs/econ/macroeconomic/getting-started.data?_routes=x"), origin)).toBe("network-first");
    expect(rules.strategyFor(get("/docs.data"), origin)).toBe("network-first");
  });

  it("takes the routing API and the route manifest network first, hashed files cache first", () => {
    expect(rules.strategyFor(get("/api/routing/data/macroeconomic"), origin)).toBe("network-first");
    expect(rules.strategyFor(get("/api/routing/page-data?path=/x&lang=en"), origin)).toBe("network-first");
    expect(rules.strategyFor(get("/__manifest?p=%2Fdocs&version=abc"), origin)).toBe("network-first");
    expect(rules.strategyFor(get("/assets/entry.client-AbC123.js"), origin)).toBe("cache-first");
  });

  it("leaves everything else to the browser: other pages, other APIs, downloads, writes, other sites", () => {
    for (const path of [
      "/",
      "/dashboard",
      "/zh/dashboard/econ/feeds",
      "/login",
      "/docsearch",
      "/api/search?q=x",
      "/api/auth/user",
      "/sw.js",
    ]) {
      expect(rules.strategyFor(get(path, "navigate"), origin)).toBeNull();
    }
    expect(rules.strategyFor(get("/docs/econ/macroeconomic/downloads/series.csv", "navigate"), origin)).toBeNull();
    expect(rules.strategyFor(get("/docs/econ/macroeconomic/quick-start"), origin)).toBeNull();
    expect(rules.strategyFor({ ...get("/docs/econ/macroeconomic", "navigate"), method: "POST" }, origin)).toBeNull();
    expect(rules.strategyFor({ ...get("/api/routing/data/x"), method: "HEAD" }, origin)).toBeNull();
    expect(rules.strategyFor({ method: "GET", mode: "navigate", url: "https://elsewhere.example/docs/x" }, origin)).toBeNull();
  });
});

describe("the document of a page loaded through a Remix data request", () => {
  it("is the same address without .data and Remix's route list", () => {
    expect(rules.documentUrlOf(`${origin}/docs/econ/macroeconomic/getting-started.data?_routes=root%2Cdoc-page`)).toBe(
      `${origin}/docs/econ/macroeconomic/getting-started`,
    );
    expect(rules.documentUrlOf(`${origin}/zh/docs/corp/api-v2/docs/companies.data?path=%2Fx&_routes=doc-page`)).toBe(
      `${origin}/zh/docs/corp/api-v2/docs/companies?path=%2Fx`,
    );
    expect(rules.documentUrlOf(`${origin}/docs.data`)).toBe(`${origin}/docs`);
  });
});

describe("which answers are kept", () => {
  const answer = (status: number, headers: Record<string, string> = {}) => new Response(status === 204 ? null : "x", { status, headers });
  // Responses built in tests are of type "default"; the worker keeps only same-origin ("basic") answers.
  const basic = (response: Response) => Object.defineProperties(response, { type: { value: "basic" } });

  it("keeps a public 200", () => {
    expect(rules.isStorable(basic(answer(200)))).toBe(true);
    expect(rules.isStorable(basic(answer(200, { "Cache-Control": "public, max-age=60" })))).toBe(true);
  });

  it("never keeps a page rendered for a signed-in reader, an error or an answer from elsewhere", () => {
    expect(rules.isStorable(basic(answer(200, { "Cache-Control": "private, no-store" })))).toBe(false);
    expect(rules.isStorable(basic(answer(200, { "Cache-Control": "no-store" })))).toBe(false);
    expect(rules.isStorable(basic(answer(200, { "Cache-Control": "Private" })))).toBe(false);
    for (const status of [204, 404, 500]) expect(rules.isStorable(basic(answer(status)))).toBe(false);
    expect(rules.isStorable(answer(200))).toBe(false);
  });
});

describe("the worker script", () => {
  it("listens for fetches, the skip-waiting message and its activation, and has a version for its cache", () => {
    expect(listeners.sort()).toEqual(["activate", "fetch", "message"]);
    expect(Number.isInteger(rules.VERSION)).toBe(true);
  });
});
