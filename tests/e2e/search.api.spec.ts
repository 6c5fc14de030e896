import { expect } from "@playwright/test";
import { test } from "./support/test";

interface SearchBody {
  total: number;
  results: {
    href: string;
    title: string;
    section: string;
    kind: string;
    set: string;
    snippet: { text: string; match: boolean }[];
    copies?: { language: string; href: string }[];
  }[];
}

const seriesData = "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D%2Fdata&method=get";

test.describe.configure({ mode: "parallel" });

test(
  "GET /api/search answers 200 with ranked results, snippets and pagination, without signing in",
  { tag: "@no-db" },
  async ({ request }) => {
    const response = await request.get("/api/search?q=series%20data");
    expect(response.status()).toBe(200);
    const body = (await response.json()) as SearchBody;
    expect(body.total).toBeGreaterThan(5);
    expect(body.results.length).toBeLessThanOrEqual(20);
    expect(body.results.map((result) => result.href)).toContain(seriesData);
    const operation = body.results.find((result) => result.href === seriesData);
    expect(operation).toMatchObject({ title: "Get series time points", kind: "operation", set: "macroeconomic", section: "Series" });
    expect(operation?.snippet.some((segment) => segment.match)).toBe(true);

    const first = (await (await request.get("/api/search?q=series&limit=3")).json()) as SearchBody;
    const next = (await (await request.get("/api/search?q=series&limit=3&offset=3")).json()) as SearchBody;
    expect(first.results).toHaveLength(3);
    expect(next.total).toBe(first.total);
    expect(next.results.map((result) => result.href)).not.toContain(first.results[0]?.href);
  },
);

test("an operation named by method and path comes first", { tag: "@no-db" }, async ({ request }) => {
  const body = (await (
    await request.get(`/api/search?q=${encodeURIComponent("GET /series/{id}")}&set=macroeconomic`)
  ).json()) as SearchBody;
  expect(body.results[0]?.href).toBe("/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get");
});

test("set filters the results; an unknown set is a 400", { tag: "@no-db" }, async ({ request }) => {
  const body = (await (await request.get("/api/search?q=companies&set=company-v2&limit=50")).json()) as SearchBody;
  expect(body.total).toBeGreaterThan(0);
  expect(body.results.every((result) => result.set === "company-v2")).toBe(true);

  const unknown = await request.get("/api/search?q=companies&set=weather");
  expect(unknown.status()).toBe(400);
  expect(await unknown.json()).toEqual({ error: expect.stringContaining("set") });
});

test("bad limit and offset values are a 400 with an error message", { tag: "@no-db" }, async ({ request }) => {
  for (const query of ["limit=0", "limit=51", "limit=abc", "limit=2.5", "offset=-1", "offset=x"]) {
    const response = await request.get(`/api/search?q=series&${query}`);
    expect(response.status(), query).toBe(400);
    const body = (await response.json()) as { error: unknown };
    expect(typeof body.error, query).toBe("string");
  }
  expect((await request.get("/api/search?q=series&limit=50")).status()).toBe(200);
});

test(
  "lang=zh searches the Chinese pages and links to them; an unsupported lang falls back to English",
  { tag: "@no-db" },
  async ({ request }) => {
    const zh = (await (await request.get(`/api/search?q=${encodeURIComponent("创建推送")}&lang=zh`)).json()) as SearchBody;
    // The company v2 operation of that name comes first (the specs' Chinese texts, operations before guides).
    expect(zh.results[0]).toMatchObject({ title: "创建推送", kind: "operation" });
    expect(zh.results[0]!.href).toMatch(/^\/zh\/docs\/corp\/api-v2\//);
    expect(zh.results).toContainEqual(
      expect.objectContaining({ href: "/zh/docs/econ/macroeconomic/getting-started/create-feed", title: "创建推送", kind: "page" }),
    );

    const english = await (await request.get("/api/search?q=pandas&limit=5")).json();
    const fallback = await request.get("/api/search?q=pandas&limit=5&lang=fr");
    expect(fallback.status()).toBe(200);
    expect(await fallback.json()).toEqual(english);
    expect((english as SearchBody).results.every((result) => result.href.startsWith("/docs/"))).toBe(true);
  },
);

test("an empty query finds nothing, a very long one is cut, and only GET is answered", { tag: "@no-db" }, async ({ request }) => {
  expect(await (await request.get("/api/search")).json()).toEqual({ total: 0, results: [] });
  expect(await (await request.get("/api/search?q=%20%20")).json()).toEqual({ total: 0, results: [] });
  expect((await request.get(`/api/search?q=${"series%20".repeat(1000)}`)).status()).toBe(200);
  const post = await request.post("/api/search", { data: { q: "series" } });
  expect(post.status()).toBe(405);
  expect(post.headers().allow).toBe("GET");
});

test(
  "an API term finds its operations first, and a guide's language copies are one result linking each copy in the asked language",
  { tag: "@no-db" },
  async ({ request }) => {
    const series = (await (await request.get("/api/search?q=series&set=macroeconomic&limit=50")).json()) as SearchBody;
    expect(series.results[0]).toMatchObject({ title: "Search series", kind: "operation" });
    expect(series.results.findIndex((result) => result.kind === "page")).toBeGreaterThan(
      series.results.findIndex((result) => result.title === "Get series metadata"),
    );
    expect(new Set(series.results.map((result) => result.href)).size).toBe(series.results.length);

    const zh = (await (await request.get("/api/search?q=series&set=macroeconomic&limit=50&lang=zh")).json()) as SearchBody;
    const guide = zh.results.filter((result) => result.href.endsWith("/quick-examples/get-series-with-series-api"));
    expect(guide).toHaveLength(1);
    expect(guide[0]?.copies).toEqual(
      ["python", "javascript", "php"].map((language) => ({
        language,
        href: `/zh/docs/econ/macroeconomic/${language}/quick-examples/get-series-with-series-api`,
      })),
    );
    expect(guide[0]?.copies?.map((copy) => copy.href)).toContain(guide[0]?.href);
  },
);
