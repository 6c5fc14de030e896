import { expect, test } from "@playwright/test";

const sets = ["macroeconomic", "sandbox", "company", "company-v2", "documents", "dealwatch", "fund-flows", "real-estate"];

test("GET /api/routing/data/{apiName} answers every documentation set", async ({ request }) => {
  for (const set of sets) {
    const response = await request.get(`/api/routing/data/${set}`);
    expect(response.status(), set).toBe(200);
    const body = (await response.json()) as { routes: string[]; navigationItems: unknown[]; swaggerSpec: { swagger: string }; baseUrl: string };
    expect(body.routes.length).toBeGreaterThan(3);
    expect(body.navigationItems.length).toBeGreaterThan(3);
    expect(body.swaggerSpec.swagger).toBe("2.0");
    expect(body.baseUrl).toMatch(/^https:\/\//);
  }
});

test("an unknown documentation set is a 404", async ({ request }) => {
  const response = await request.get("/api/routing/data/weather");
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: "Unknown documentation set." });
});
