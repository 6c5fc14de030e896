import { expect } from "@playwright/test";
import { test } from "./support/test";

const sets = ["macroeconomic", "sandbox", "company", "company-v2", "documents", "dealwatch", "fund-flows", "real-estate"];

test.describe.configure({ mode: "parallel" });

for (const set of sets) {
  test(`every route of ${set} answers 200 with and without a trailing slash, under /en and /zh`, { tag: "@no-db" }, async ({ request }) => {
    // Four addresses of each of up to ~50 routes, each a fully rendered page: more than the default 30 s on 2 busy cores.
    test.setTimeout(120_000);
    const { routes } = (await (await request.get(`/api/routing/data/${set}`)).json()) as { routes: string[] };
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      for (const url of [route, `${route}/`, `/en${route}`, `/zh${route}/`]) {
        const response = await request.get(url, { maxRedirects: 0 });
        expect(response.status(), url).toBe(200);
      }
    }
  });
}

test("docs?path=&method= redirects to the operation's first tag with the same query", { tag: "@no-db" }, async ({ request }) => {
  const response = await request.get("/docs/econ/macroeconomic/docs?path=%2Fseries%2F%7Bid%7D&method=get", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get");
  const zh = await request.get("/zh/docs/corp/api-v2/docs?path=%2Fcompanies&method=get", { maxRedirects: 0 });
  expect(zh.headers().location).toBe("/zh/docs/corp/api-v2/docs/companies?path=%2Fcompanies&method=get");
});

test("a missing operation, tag, page or set is a 404", { tag: "@no-db" }, async ({ request }) => {
  for (const url of [
    "/docs/econ/macroeconomic/docs?path=%2Fnope&method=get",
    "/docs/econ/macroeconomic/docs?path=%2Fseries%2F%7Bid%7D&method=post",
    "/docs/econ/macroeconomic/docs/series?path=%2Finsights%2F%7Bid%7D&method=get",
    "/docs/econ/macroeconomic/docs/no-such-tag",
    "/docs/econ/macroeconomic/getting-started/nothing",
    "/docs/econ/company",
    "/docs/weather/api",
  ]) {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(404);
    expect(await response.text()).toContain("Page not found");
  }
});

test("an operation page shows parameters, responses, an example and samples in five languages", { tag: "@no-db" }, async ({ request }) => {
  const html = await (
    await request.get("/docs/flows/api-v2/docs/report?path=%2Fv2%2FReport%2F%7Bdataset%7D%2F%7Bfrom%7D%2F%7Bto%7D&method=post")
  ).text();
  for (const text of [
    "Parameters",
    "Responses",
    "Example response",
    "Request samples",
    "curl",
    "Python",
    "JavaScript",
    "PHP",
    ">R<",
    "Authorization: Bearer YOUR_API_KEY",
  ]) {
    expect(html, text).toContain(text);
  }
});

test(
  "?lang= sends a docs page to its URL in that language; unsupported values fall back to English",
  { tag: "@no-db" },
  async ({ request }) => {
    const chinese = await request.get("/docs/econ/macroeconomic/getting-started/prerequisites?lang=zh", { maxRedirects: 0 });
    expect(chinese.status()).toBe(302);
    expect(chinese.headers().location).toBe("/zh/docs/econ/macroeconomic/getting-started/prerequisites");
    const withQuery = await request.get("/zh/docs/econ/macroeconomic/docs/series?path=%2Fseries&method=get&lang=en", { maxRedirects: 0 });
    expect(withQuery.headers().location).toBe("/docs/econ/macroeconomic/docs/series?path=%2Fseries&method=get");
    const unsupported = await request.get("/docs/econ/macroeconomic?lang=fr");
    expect(unsupported.status()).toBe(200);
    expect(unsupported.url()).toMatch(/\/docs\/econ\/macroeconomic$/);
    expect(await unsupported.text()).toContain('lang="en"');
  },
);

test("internal links of Chinese docs pages stay in Chinese", { tag: "@no-db" }, async ({ request }) => {
  const html = await (await request.get("/zh/docs/econ/macroeconomic/getting-started/support-and-resources")).text();
  expect(html).toMatch(/href="\/zh\/docs\/econ\/macroeconomic\/release-notes"/);
  expect(html).not.toMatch(/<article[\s\S]*href="\/docs\/econ\/macroeconomic\//);
});
