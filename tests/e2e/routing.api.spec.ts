import { expect } from "@playwright/test";
import { test } from "./support/test";

const sets = ["macroeconomic", "sandbox", "company", "company-v2", "documents", "dealwatch", "fund-flows", "real-estate"];

test("GET /api/routing/data/{apiName} answers every documentation set", { tag: "@no-db" }, async ({ request, baseURL }) => {
  for (const set of sets) {
    const response = await request.get(`/api/routing/data/${set}`);
    expect(response.status(), set).toBe(200);
    const body = (await response.json()) as {
      routes: string[];
      navigationItems: unknown[];
      swaggerSpec: { swagger: string };
      baseUrl: string;
    };
    expect(body.routes.length).toBeGreaterThan(3);
    expect(body.navigationItems.length).toBeGreaterThan(3);
    expect(body.swaggerSpec.swagger).toBe("2.0");
    // The base URL in force: the portal's own data API (no UPSTREAM_URLS on the e2e server).
    expect(body.baseUrl).toBe(`${baseURL}/data-api/${set}`);
  }
});

test("an unknown documentation set is a 404", { tag: "@no-db" }, async ({ request }) => {
  const response = await request.get("/api/routing/data/weather");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: "Unknown documentation set." });
});

test("GET /api/routing/swagger-spec gives the set's specification", { tag: "@no-db" }, async ({ request }) => {
  const response = await request.get("/api/routing/swagger-spec?apiName=fund-flows");
  expect(response.status()).toBe(200);
  const spec = (await response.json()) as { swagger: string; paths: Record<string, unknown> };
  expect(spec.swagger).toBe("2.0");
  expect(Object.keys(spec.paths)).toContain("/Session");
  expect((await request.get("/api/routing/swagger-spec?apiName=weather")).status()).toBe(404);
  expect((await request.get("/api/routing/swagger-spec")).status()).toBe(404);
});

test(
  "GET /api/routing/page-data gives a page's markdown, by relative path or docs URL, falling back to English",
  { tag: "@no-db" },
  async ({ request }) => {
    const english = await request.get("/api/routing/page-data?apiName=macroeconomic&path=getting-started/prerequisites");
    expect(english.status()).toBe(200);
    const page = (await english.json()) as { title: string; content: string; language: string };
    expect(page.title).toBe("Prerequisites");
    expect(page.content).toMatch(/^# Prerequisites/);
    expect(page.language).toBe("en");

    const chinese = (await (
      await request.get("/api/routing/page-data?path=/docs/econ/macroeconomic/getting-started/prerequisites&lang=zh")
    ).json()) as typeof page;
    expect(chinese.language).toBe("zh");
    expect(chinese.content).not.toBe(page.content);

    const unsupported = (await (
      await request.get("/api/routing/page-data?apiName=macroeconomic&path=getting-started/prerequisites&lang=fr")
    ).json()) as typeof page;
    expect(unsupported).toMatchObject({ language: "en", content: page.content });

    // Every written page has its Chinese copy now (issue 30), full guides included.
    const guide = (await (
      await request.get("/api/routing/page-data?apiName=macroeconomic&path=python/full-guide&lang=zh")
    ).json()) as typeof page;
    expect(guide.language).toBe("zh");

    const shared = (await (
      await request.get("/api/routing/page-data?apiName=documents&path=getting-started/authentication")
    ).json()) as typeof page;
    expect(shared.content).toBe(
      ((await (await request.get("/api/routing/page-data?apiName=company&path=getting-started/authentication")).json()) as typeof page)
        .content,
    );

    expect((await request.get("/api/routing/page-data?apiName=macroeconomic&path=getting-started/nothing")).status()).toBe(404);
    expect((await request.get("/api/routing/page-data?apiName=macroeconomic&path=javascript/quick-examples/basic-pandas")).status()).toBe(
      404,
    );
    expect((await request.get("/api/routing/page-data?apiName=weather&path=index")).status()).toBe(404);
    expect((await request.get("/api/routing/page-data?apiName=macroeconomic")).status()).toBe(400);
  },
);

test("GET /api/routing/full-development-guide gives a language's full guide", { tag: "@no-db" }, async ({ request, baseURL }) => {
  const response = await request.get("/api/routing/full-development-guide?apiName=macroeconomic&language=python");
  expect(response.status()).toBe(200);
  const guide = (await response.json()) as { codeLanguage: string; title: string; content: string };
  expect(guide.codeLanguage).toBe("python");
  expect(guide.content).toContain("```python");
  // Read away from the site, its links lead back to the portal, and its samples call the data API in force.
  expect(guide.content).toContain(`[Token management](${baseURL}/dashboard/token-management)`);
  expect(guide.content).not.toMatch(/\]\(\/[^/]/);
  expect(guide.content).toContain(`${baseURL}/data-api/macroeconomic`);
  const chinese = (await (
    await request.get("/api/routing/full-development-guide?apiName=macroeconomic&language=python&lang=zh")
  ).json()) as typeof guide;
  expect(chinese.content).toContain(`(${baseURL}/zh/docs/econ/macroeconomic/getting-started/authentication)`);
  expect((await request.get("/api/routing/full-development-guide?apiName=macroeconomic&language=cobol")).status()).toBe(400);
  expect((await request.get("/api/routing/full-development-guide?apiName=company&language=php")).status()).toBe(404);
  expect((await request.get("/api/routing/full-development-guide?apiName=weather&language=python")).status()).toBe(404);
});
