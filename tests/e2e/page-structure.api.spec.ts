import { expect, type APIRequestContext } from "@playwright/test";
import { createAccount, signInToken } from "./support/accounts";
import { test } from "./support/test";

/**
 * The served HTML, parsed: every page's title names it (the 404 and error pages too), no two navigation landmarks
 * share a name, no id starts with a digit (the html-validate findings of the 2026-11-26 review); the admin area's
 * one navigation is the side menu; the docs index, the 404 page, the error page and the FAQ's sign-in gate say
 * what they are.
 */

interface Tag {
  name: string;
  attributes: Map<string, string>;
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_match, entity: string) => entities[entity]!);
}

/** The start tags of a server-rendered page (React quotes every attribute), outside scripts and styles. */
function startTags(html: string): Tag[] {
  const markup = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, "");
  return [...markup.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map(([, name, rest]) => ({
    name: name!.toLowerCase(),
    attributes: new Map(
      [...rest!.matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key!.toLowerCase(), decode(value ?? "")]),
    ),
  }));
}

function titleOf(html: string): string {
  return decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
}

/** Each navigation landmark's name: its aria-label, or the element aria-labelledby names. */
function navigationNames(tags: Tag[]): string[] {
  return tags
    .filter((tag) => tag.name === "nav" || tag.attributes.get("role") === "navigation")
    .map((tag) => tag.attributes.get("aria-label") ?? `labelled by #${tag.attributes.get("aria-labelledby") ?? "(nothing)"}`);
}

/** The problems html-validate found that matter: a repeated navigation name, an id that starts with a digit. */
function structureProblems(html: string): string[] {
  const tags = startTags(html);
  const names = navigationNames(tags);
  const repeated = names.filter((name, index) => names.indexOf(name) !== index).map((name) => `two navigations named "${name}"`);
  const ids = tags.flatMap((tag) => tag.attributes.get("id") ?? []);
  const digits = ids.filter((id) => /^\d/.test(id)).map((id) => `id "${id}" starts with a digit`);
  return [...repeated, ...digits];
}

async function page(request: APIRequestContext, url: string, status = 200, token?: string): Promise<string> {
  const response = await request.get(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, maxRedirects: 0 });
  expect(response.status(), url).toBe(status);
  return response.text();
}

test.describe("public and docs pages", { tag: "@no-db" }, () => {
  test("have unique navigation names and no id starting with a digit", async ({ request }) => {
    const found: string[] = [];
    for (const [url, status] of [
      ["/", 200],
      ["/api-products", 200],
      ["/docs", 200],
      ["/docs/econ/macroeconomic", 200],
      ["/docs/econ/macroeconomic/getting-started/authentication", 200],
      ["/docs/econ/macroeconomic/docs/series?path=%2Fseries%2Fsearch&method=get", 200],
      ["/search?q=series", 200],
      ["/terms", 200],
      ["/zh/terms", 200],
      ["/login", 200],
      ["/contact/general-inquiry", 200],
      ["/no-such-page", 404],
    ] as const) {
      found.push(...structureProblems(await page(request, url, status)).map((problem) => `${url}: ${problem}`));
    }
    expect(found).toEqual([]);
  });

  test("the terms' numbered headings get ids that start with a letter, and their anchors follow", async ({ request }) => {
    const html = await page(request, "/terms");
    expect(html).toContain('id="section-1-accounts-and-api-keys"');
    expect(html).toContain('href="#section-1-accounts-and-api-keys"');
  });

  test("the 404 page has a title, a documentation search and the main links, in both languages", async ({ request }) => {
    const html = await page(request, "/no-such-page", 404);
    expect(titleOf(html)).toMatch(/^Page not found \| /);
    const tags = startTags(html);
    const search = tags.find((tag) => tag.name === "form" && tag.attributes.get("role") === "search");
    expect(search?.attributes.get("action")).toBe("/search");
    expect(search?.attributes.get("method")).toBe("get");
    expect(tags.some((tag) => tag.name === "input" && tag.attributes.get("name") === "q")).toBe(true);
    const links = tags.filter((tag) => tag.name === "a").map((tag) => tag.attributes.get("href"));
    expect(links).toEqual(expect.arrayContaining(["/", "/api-products", "/docs", "/contact"]));

    const chinese = await page(request, "/zh/no-such-page", 404);
    expect(titleOf(chinese)).toMatch(/^页面未找到 \| /);
    const chineseLinks = startTags(chinese)
      .filter((tag) => tag.name === "a")
      .map((tag) => tag.attributes.get("href"));
    expect(chineseLinks).toEqual(expect.arrayContaining(["/zh/api-products", "/zh/docs", "/zh/contact"]));
  });

  test("the error page's title names it and it links to support", async ({ request }) => {
    const html = await page(request, "/__test/crash", 500);
    expect(titleOf(html)).toMatch(/^Something went wrong \| /);
    const support = startTags(html).find((tag) => tag.attributes.get("data-testid") === "support-link");
    expect(support?.attributes.get("href")).toBe("/contact/report-bug");
    expect(structureProblems(html)).toEqual([]);
  });

  test("the docs index groups its cards by product family, each saying what its API is", async ({ request }) => {
    const html = await page(request, "/docs");
    const families = [...html.matchAll(/<h2[^>]*id="docs-family-([\w-]+)"[^>]*>([^<]*)<\/h2>/g)].map(([, id, heading]) => [id, heading]);
    expect(families).toEqual([
      ["macroeconomic", "Macroeconomic"],
      ["company", "Company intelligence"],
      ["fund-flows", "Fund flows"],
      ["real-estate", "Real estate"],
    ]);
    expect(html.match(/data-testid="docs-card"/g)).toHaveLength(8);
    expect(html).toContain("Version 2: company search with cursors and reusable filters");
    // The cards say what, no longer where: no card repeats its own path as its text.
    expect(html).not.toMatch(/>\/docs\/econ\/macroeconomic</);
  });

  test("the FAQ's sign-in gate says why it asks a visitor to sign in", async ({ request }) => {
    const faq = await request.get("/faq", { maxRedirects: 0 });
    expect(faq.status()).toBe(302);
    const gate = faq.headers().location!;
    expect(gate).toBe("/login?redirectTo=%2Ffaq");
    const html = await page(request, gate);
    expect(html).toContain("The FAQ is for our customers.");
    expect(await page(request, "/zh/login?redirectTo=%2Fzh%2Ffaq")).toContain("常见问题仅面向我们的客户。");
    expect(await page(request, "/login?redirectTo=%2Fdashboard")).toContain("The page you opened is for signed-in users.");
    expect(await page(request, "/login")).not.toContain('data-testid="sign-in-reason"');
  });
});

test("dashboard and admin pages: unique navigation names, and the side menu is the admin area's one navigation", async ({ request }) => {
  const admin = await signInToken(request, await createAccount({ products: ["macroeconomic", "company", "documents"], isAdmin: true }));
  const found: string[] = [];
  for (const url of [
    "/dashboard",
    "/dashboard/econ/feeds",
    "/dashboard/econ/dumps",
    "/dashboard/admin/dashboard",
    "/dashboard/admin/outbox",
    "/faq",
  ]) {
    found.push(...structureProblems(await page(request, url, 200, admin)).map((problem) => `${url}: ${problem}`));
  }
  expect(found).toEqual([]);

  const html = await page(request, "/dashboard/admin/dashboard", 200, admin);
  const tags = startTags(html);
  expect(navigationNames(tags)).not.toContain("Admin panel");
  // Everyone's feeds and dumps are in the side menu, with the other admin screens.
  const menuLinks = tags.filter((tag) => tag.name === "a" && tag.attributes.get("class")?.includes("side-menu-link"));
  expect(menuLinks.map((tag) => tag.attributes.get("href"))).toEqual(
    expect.arrayContaining([
      "/dashboard/admin/dashboard",
      "/dashboard/admin/macroeconomic-feeds",
      "/dashboard/admin/macroeconomic-dumps",
      "/dashboard/admin/company-feeds",
      "/dashboard/admin/company-dumps",
      "/dashboard/admin/documents-feeds",
      "/dashboard/admin/outbox",
      "/dashboard/admin/users",
    ]),
  );
  const current = menuLinks.filter((tag) => tag.attributes.get("aria-current") === "page").map((tag) => tag.attributes.get("href"));
  expect(current).toEqual(["/dashboard/admin/dashboard"]);
});

test("a feed's page tells its two ways to a dump apart", async ({ request }) => {
  const token = await signInToken(request, await createAccount({ products: ["macroeconomic"] }));
  const headers = { Authorization: `Bearer ${token}` };
  const options = (await (await request.get("/api/econ-options", { headers })).json()) as { databases: { value: string }[] };
  const created = await request.post("/api/econ-feed", { headers, data: { name: "GDP", database: options.databases[0]!.value } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const html = await page(request, `/dashboard/econ/feed-details/${id}`, 200, token);
  expect(decode(html)).toContain(
    "“Run as dump” starts a dump of this feed's selection now, as it is saved. “Create a dump from this feed” opens the dump form",
  );
  const described = startTags(html).filter((tag) => tag.attributes.get("aria-describedby") === "dump-choices");
  expect(described).toHaveLength(2);
  expect(structureProblems(html)).toEqual([]);
});
