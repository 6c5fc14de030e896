import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { writtenPageContent } from "~/modules/docs/page-content.server";
import { getDocSetData, reloadSpec } from "~/modules/docs/routing-data.server";
import { docSets } from "~/modules/registry/registry";

describe("routing data", () => {
  it.each(docSets.map((set) => set.id))("builds routes, navigation and the base URL of %s", async (id) => {
    const { routing, model } = await getDocSetData(id);
    // The base URL in force: the portal's own data API unless UPSTREAM_URLS names an upstream.
    expect(routing.baseUrl).toBe(`http://localhost:3000/data-api/${id}`);
    expect(routing.routes[0]).toMatch(/^\/docs\/[a-z]+\/[a-z0-9-]+$/);
    expect(routing.routes.some((route) => route.endsWith("/release-notes"))).toBe(true);
    for (const tag of model.tags) expect(routing.routes.some((route) => route.endsWith(`/docs/${tag.slug}`))).toBe(true);
    expect(new Set(routing.routes).size).toBe(routing.routes.length);
    const labels = routing.navigationItems.map((item) => item.label.en);
    expect(labels[0]).toBe("Overview");
    expect(labels).toContain("API Documentation");
    expect(labels.at(-1)).toBe("API status");
    expect(routing.navigationItems.at(-1)).toMatchObject({ external: true, href: "https://status.example.com" });
  });

  it("shows written samples with the base URL in force, also on a page one set shares with another", async () => {
    const econ = await writtenPageContent("macroeconomic", "getting-started/authentication", "zh");
    expect(econ?.content).toContain("http://localhost:3000/data-api/macroeconomic/series/search?");
    expect(econ?.content).not.toContain("https://econ.api.example.com/v1");
    const shared = await writtenPageContent("documents", "getting-started/authentication", "en");
    expect(shared?.content).toContain("http://localhost:3000/data-api/company/");
    expect(shared?.content).not.toContain("api.example.com/");
    const sdk = await writtenPageContent("real-estate", "getting-started/using-sdk", "en");
    expect(sdk?.content).toContain("http://localhost:3000/docs/estate/api-v1/downloads/real_estate_client.py");
    expect(sdk?.content).not.toContain("portal.example.com");
  });

  it("gives the macroeconomic set every page SPEC.md lists", async () => {
    const { routing } = await getDocSetData("macroeconomic");
    const root = "/docs/econ/macroeconomic";
    for (const page of [
      "",
      "/getting-started/create-feed",
      "/docs/quick-examples",
      "/docs/models",
      "/docs/responses",
      "/python/full-guide",
      "/python/quick-examples/basic-pandas",
      "/php/quick-examples/using-proxy",
      "/javascript/quick-examples/get-100-series-2",
    ]) {
      expect(routing.routes).toContain(`${root}${page}`);
    }
  });

  it("lists each tag's operations as METHOD path in GET, POST, PATCH, DELETE order", async () => {
    const { routing } = await getDocSetData("company-v2");
    const api = routing.navigationItems.find((item) => item.label.en === "API Documentation");
    const companies = api?.subitems?.find((item) => item.label.en === "Companies");
    const methods = companies?.subitems?.map((item) => item.label.en.split(" ")[0] ?? "") ?? [];
    const order = ["GET", "POST", "PATCH", "DELETE"];
    expect(methods.length).toBeGreaterThan(1);
    expect([...methods].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(methods);
    expect(companies?.subitems?.[0]?.href).toMatch(/^\/docs\/corp\/api-v2\/docs\/companies\?path=%2F.*&method=get$/);
  });

  it("adds the sandbox's trial registration and the fund-flows Postman collection and R section", async () => {
    const sandbox = (await getDocSetData("sandbox")).routing.navigationItems.map((item) => item.label.en);
    expect(sandbox).toContain("Register for a Trial");
    const flows = (await getDocSetData("fund-flows")).routing.navigationItems.map((item) => item.label.en);
    expect(flows).toEqual(expect.arrayContaining(["Postman collection", "R", "Python", "JavaScript", "PHP"]));
  });

  it("reports a spec that cannot be read or processed, and picks up a fixed one on reload", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "specs-"));
    const file = path.join(dir, "dealwatch.json");
    fs.writeFileSync(file, "{ not json");
    vi.resetModules();
    process.env.DOCS_SPEC_SOURCES = JSON.stringify({ dealwatch: file, sandbox: "http://127.0.0.1:1/sandbox.json" });
    try {
      const routing = await import("~/modules/docs/routing-data.server");
      await expect(routing.getDocSetData("dealwatch")).rejects.toBeInstanceOf(routing.SpecUnavailableError);
      await expect(routing.getDocSetData("sandbox")).rejects.toThrow(/sandbox specification cannot be used/);
      fs.writeFileSync(file, JSON.stringify({ swagger: "2.0", host: "api.example.com", paths: {} }));
      const reloaded = (await routing.reloadSpec("dealwatch")).routing;
      expect(reloaded.swaggerSpec).toMatchObject({ host: "api.example.com" });
      expect(reloaded.baseUrl).toBe("http://localhost:3000/data-api/dealwatch");
    } finally {
      delete process.env.DOCS_SPEC_SOURCES;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("marks, on a Chinese operation page and its markdown, the schema tree's and the builder's texts a reloaded spec brought untranslated", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "specs-"));
    const file = path.join(dir, "dealwatch.json");
    const deal = {
      type: "object",
      description: "A deal in the watch list.",
      properties: { id: { type: "string", description: "The deal's id." } },
    };
    const parameter = { name: "since", in: "query", type: "string", description: "Deals announced since this day." };
    const operation = {
      tags: ["Deals"],
      summary: "List deals",
      parameters: [parameter],
      responses: { 200: { description: "OK", schema: deal } },
    };
    fs.writeFileSync(
      file,
      JSON.stringify({
        swagger: "2.0",
        info: { title: "Deal Watch", version: "1.0" },
        host: "api.example.com",
        paths: { "/deals": { get: operation } },
      }),
    );
    vi.resetModules();
    process.env.DOCS_SPEC_SOURCES = JSON.stringify({ dealwatch: file });
    try {
      const { resolveDocPage } = await import("~/modules/docs/doc-page.server");
      const page = (language: "en" | "zh") =>
        resolveDocPage("dealwatch", "/docs/dealwatch", "docs/deals", new URLSearchParams({ path: "/deals", method: "get" }), language);
      const chinese = await page("zh");
      expect(chinese.kind).toBe("operation");
      if (chinese.kind !== "operation") return;
      expect(chinese.englishTexts).toEqual(
        expect.arrayContaining(["A deal in the watch list.", "The deal's id.", "Deals announced since this day."]),
      );
      expect(chinese.builder.fields.map((field) => field.description)).toEqual(["Deals announced since this day."]);
      expect(await page("en")).toMatchObject({ englishTexts: [] });
      // The markdown export says so too.
      const { docPageMarkdown } = await import("~/modules/docs/llms.server");
      const request = { vendor: "corp", slug: "dealwatch", page: "docs/deals" };
      const search = new URLSearchParams({ path: "/deals", method: "get" });
      const markdown = await docPageMarkdown({ ...request, prefix: "zh" }, search);
      expect(markdown).toMatchObject({ status: 200, body: expect.stringContaining("Deals announced since this day.（英文）") });
      expect(await docPageMarkdown({ ...request, prefix: null }, search)).toMatchObject({ body: expect.not.stringContaining("（") });
    } finally {
      delete process.env.DOCS_SPEC_SOURCES;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("caches the model per process and rebuilds it on reload", async () => {
    const first = await getDocSetData("documents");
    expect(await getDocSetData("documents")).toBe(first);
    const reloaded = await reloadSpec("documents");
    expect(reloaded).not.toBe(first);
    expect(reloaded.routing.routes).toEqual(first.routing.routes);
  });
});
