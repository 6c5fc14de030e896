import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  bodyHash,
  cacheableKind,
  entityTag,
  hashedDocument,
  isStorable,
  LruStore,
  pageCacheKey,
  preferredCoding,
  replayedHeaders,
  scriptHashSource,
  SHARED_CACHE_CONTROL,
  type RenderedAnswer,
} from "./page-cache";
import { documentSecurityPolicy } from "~/modules/http/policy";

const anonymous = { method: "GET", accept: "text/html", cookie: undefined, authorization: undefined, hasBody: false };

describe("which requests the page cache answers", () => {
  it("takes docs pages in either language and a set's routing data, by GET or HEAD", () => {
    expect(cacheableKind({ ...anonymous, path: "/docs" })).toBe("document");
    expect(cacheableKind({ ...anonymous, path: "/docs/econ/macroeconomic/docs/series" })).toBe("document");
    expect(cacheableKind({ ...anonymous, path: "/zh/docs/econ/macroeconomic/" })).toBe("document");
    expect(cacheableKind({ ...anonymous, path: "/en/docs/econ/macroeconomic" })).toBe("document");
    expect(cacheableKind({ ...anonymous, method: "HEAD", path: "/docs/econ/macroeconomic" })).toBe("document");
    expect(cacheableKind({ ...anonymous, path: "/api/routing/data/macroeconomic" })).toBe("data");
  });

  it("leaves other pages, other methods and anything with a cookie or credentials to the renderer", () => {
    expect(cacheableKind({ ...anonymous, path: "/" })).toBeNull();
    expect(cacheableKind({ ...anonymous, path: "/docsearch" })).toBeNull();
    expect(cacheableKind({ ...anonymous, path: "/api/routing/page-data" })).toBeNull();
    expect(cacheableKind({ ...anonymous, path: "/dashboard/profile" })).toBeNull();
    expect(cacheableKind({ ...anonymous, method: "POST", path: "/docs/econ/macroeconomic" })).toBeNull();
    expect(cacheableKind({ ...anonymous, path: "/docs/econ/macroeconomic", cookie: "token=abc" })).toBeNull();
    expect(cacheableKind({ ...anonymous, path: "/docs/econ/macroeconomic", cookie: "toast=x" })).toBeNull();
    expect(cacheableKind({ ...anonymous, path: "/docs/econ/macroeconomic", cookie: "anything=1" })).toBeNull();
    expect(cacheableKind({ ...anonymous, path: "/docs/econ/macroeconomic", cookie: "code_language=php; token=abc" })).toBeNull();
    expect(cacheableKind({ ...anonymous, path: "/docs/econ/macroeconomic", cookie: "code_language=cobol" })).toBeNull();
    expect(cacheableKind({ ...anonymous, path: "/api/routing/data/macroeconomic", authorization: "Bearer x" })).toBeNull();
    expect(cacheableKind({ ...anonymous, path: "/docs/econ/macroeconomic", hasBody: true })).toBeNull();
  });

  it("takes a reader whose only cookie is their code language", () => {
    expect(cacheableKind({ ...anonymous, path: "/docs/econ/macroeconomic", cookie: "code_language=python" })).toBe("document");
  });

  it("leaves a page asked for as markdown to the markdown middleware", () => {
    expect(cacheableKind({ ...anonymous, path: "/docs/econ/macroeconomic/docs/series.md" })).toBeNull();
    expect(cacheableKind({ ...anonymous, path: "/docs/econ/macroeconomic/docs/series", accept: "text/markdown" })).toBeNull();
    expect(cacheableKind({ ...anonymous, path: "/docs/econ/macroeconomic", accept: "text/markdown;q=0.5, text/html" })).toBe("document");
    expect(cacheableKind({ ...anonymous, path: "/docs/econ/macroeconomic", accept: undefined })).toBe("document");
  });
});

describe("the cache key", () => {
  const parts = {
    language: "en" as const,
    cookie: undefined,
    protocol: "http",
    host: "portal",
    forwardedHost: undefined,
    url: "/docs/a?path=%2Fx&method=get",
  };

  it("tells apart languages, query strings and hosts", () => {
    const key = pageCacheKey(parts);
    expect(pageCacheKey({ ...parts })).toBe(key);
    expect(pageCacheKey({ ...parts, language: "zh" })).not.toBe(key);
    expect(pageCacheKey({ ...parts, url: "/docs/a?path=%2Fy&method=get" })).not.toBe(key);
    expect(pageCacheKey({ ...parts, host: "evil.example" })).not.toBe(key);
    expect(pageCacheKey({ ...parts, forwardedHost: "evil.example" })).not.toBe(key);
    expect(pageCacheKey({ ...parts, protocol: "https" })).not.toBe(key);
  });

  it("keeps one copy per code language, and none chosen apart from each", () => {
    const key = pageCacheKey(parts);
    const python = pageCacheKey({ ...parts, cookie: "code_language=python" });
    expect(python).not.toBe(key);
    expect(pageCacheKey({ ...parts, cookie: "code_language=php" })).not.toBe(python);
    expect(pageCacheKey({ ...parts, cookie: " code_language=python" })).toBe(python);
  });
});

describe("which rendered answers are kept", () => {
  const nonce = "abc123==";
  const page: RenderedAnswer = {
    status: 200,
    contentType: "text/html; charset=utf-8",
    setCookie: null,
    cacheControl: null,
    securityPolicy: documentSecurityPolicy(nonce),
  };

  it("keeps a 200 document under this response's nonce policy, and 200 JSON for data", () => {
    expect(isStorable("document", page, nonce)).toBe(true);
    expect(isStorable("data", { ...page, contentType: "application/json; charset=utf-8", securityPolicy: null }, nonce)).toBe(true);
  });

  it("refuses other statuses and types, cookies, private answers and a policy without the nonce", () => {
    expect(isStorable("document", { ...page, status: 404 }, nonce)).toBe(false);
    expect(isStorable("document", { ...page, status: 302 }, nonce)).toBe(false);
    expect(isStorable("document", { ...page, contentType: "text/x-script" }, nonce)).toBe(false);
    expect(isStorable("document", { ...page, contentType: null }, nonce)).toBe(false);
    expect(isStorable("data", page, nonce)).toBe(false);
    expect(isStorable("document", { ...page, setCookie: "toast=; Max-Age=0" }, nonce)).toBe(false);
    expect(isStorable("document", { ...page, cacheControl: "private, no-store" }, nonce)).toBe(false);
    expect(isStorable("document", { ...page, cacheControl: "no-cache" }, nonce)).toBe(false);
    expect(isStorable("document", { ...page, securityPolicy: documentSecurityPolicy("other") }, nonce)).toBe(false);
    expect(isStorable("document", { ...page, securityPolicy: null }, nonce)).toBe(false);
  });
});

describe("a kept document trades its nonce for script hashes", () => {
  const nonce = "n0nce+/=";
  const html =
    `<html><head><script nonce="${nonce}">var a = 1;</script>` +
    `<link rel="modulepreload" href="/assets/a.js"/></head><body><p>nonce="${nonce}" is text here</p>` +
    `<script nonce="${nonce}" type="module" async="">import "/assets/entry.js";</script>` +
    `<script src="/assets/b.js" nonce="${nonce}"></script>` +
    `<script nonce="${nonce}">var a = 1;</script></body></html>`;

  it("drops every nonce attribute and lists each inline script's hash once in place of the nonce", () => {
    const policy = documentSecurityPolicy(nonce, { recaptcha: true });
    const result = hashedDocument(html, policy, nonce);
    expect(result.html).not.toContain(` nonce="${nonce}"`);
    expect(result.html).toContain(`<script type="module" async="">import "/assets/entry.js";</script>`);
    expect(result.html).toContain(`<script src="/assets/b.js"></script>`);
    const first = scriptHashSource("var a = 1;");
    const second = scriptHashSource('import "/assets/entry.js";');
    expect(result.policy).toBe(policy.replace(`'nonce-${nonce}'`, `${first} ${second}`));
    expect(result.policy).toContain("https://www.gstatic.com/recaptcha/");
  });

  it("hashes as the browser does: sha256 in base64 of the text with line ends made LF", () => {
    const expected = createHash("sha256").update("a\nb\nc").digest("base64");
    expect(scriptHashSource("a\r\nb\rc")).toBe(`'sha256-${expected}'`);
  });

  it("leaves script-src 'self' alone for a page without inline scripts", () => {
    const result = hashedDocument("<p>plain</p>", documentSecurityPolicy(nonce), nonce);
    expect(result.policy).toContain("script-src 'self'; style-src");
  });
});

describe("headers, codings and validators of a kept answer", () => {
  it("replays the answer's own headers but none the cache sets or that must not be shared", () => {
    const headers = replayedHeaders([
      ["content-type", "text/html; charset=utf-8"],
      ["vary", "Accept"],
      ["set-cookie", "toast=x"],
      ["content-security-policy", "script-src 'nonce-x'"],
      ["cache-control", "max-age=5"],
      ["content-length", "5"],
      ["date", "today"],
    ]);
    expect(headers).toEqual({ "content-type": "text/html; charset=utf-8", vary: "Accept" });
  });

  it("prefers brotli, then gzip, honouring q-values and *, else sends the plain body", () => {
    expect(preferredCoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredCoding("gzip")).toBe("gzip");
    expect(preferredCoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredCoding("*")).toBe("br");
    expect(preferredCoding("*, br;q=0")).toBe("gzip");
    expect(preferredCoding("deflate")).toBe("identity");
    expect(preferredCoding("")).toBe("identity");
    expect(preferredCoding(undefined)).toBe("identity");
  });

  it("gives each coding its own strong tag of the same body", () => {
    const hash = bodyHash(Buffer.from("page"));
    expect(hash).toMatch(/^[\w-]{27}$/);
    expect(bodyHash(Buffer.from("page"))).toBe(hash);
    expect(bodyHash(Buffer.from("page!"))).not.toBe(hash);
    expect([entityTag(hash, "identity"), entityTag(hash, "gzip"), entityTag(hash, "br")]).toEqual([
      `"${hash}"`,
      `"${hash}-gzip"`,
      `"${hash}-br"`,
    ]);
  });

  it("lets browsers revalidate every time and a CDN keep and refresh a copy", () => {
    expect(SHARED_CACHE_CONTROL).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
  });
});

describe("the store", () => {
  const entry = (bytes: number, storedAt = 0) => ({ bytes, storedAt });

  it("evicts the least recently used entry past the entry or byte bound", () => {
    const store = new LruStore({ maxEntries: 2, maxBytes: 100, maxAgeMs: 1000 });
    store.set("a", entry(10));
    store.set("b", entry(10));
    store.get("a", 0);
    store.set("c", entry(10));
    expect([store.get("a", 0), store.get("b", 0), store.get("c", 0)].map(Boolean)).toEqual([true, false, true]);
    const bytes = new LruStore({ maxEntries: 10, maxBytes: 100, maxAgeMs: 1000 });
    for (const key of ["a", "b", "c", "d", "e"]) bytes.set(key, entry(25));
    expect([bytes.size, bytes.bytes, Boolean(bytes.get("a", 0)), Boolean(bytes.get("e", 0))]).toEqual([4, 100, false, true]);
  });

  it("refuses an entry larger than a quarter of the room, forgets old entries and replaces a key", () => {
    const store = new LruStore({ maxEntries: 10, maxBytes: 100, maxAgeMs: 1000 });
    expect(store.set("big", entry(26))).toBe(false);
    expect(store.set("a", entry(20, 0))).toBe(true);
    store.set("a", entry(5, 500));
    expect(store.bytes).toBe(5);
    expect(store.get("a", 1500)).toBeDefined();
    expect(store.get("a", 1501)).toBeUndefined();
    expect([store.size, store.bytes]).toEqual([0, 0]);
    store.set("b", entry(5));
    store.clear();
    expect([store.size, store.bytes, store.get("b", 0)]).toEqual([0, 0, undefined]);
  });
});
