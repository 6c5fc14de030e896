import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { docSets } from "~/modules/registry/registry";
import { pageDownloads, resolveDocPage } from "../doc-page.server";
import { normaliseSwagger2 } from "../spec-model";
import {
  apiKeyUsage,
  downloadsPageOf,
  hasPostmanPage,
  isRSectionPage,
  postmanDownloadPath,
  splitSdks,
  summarisePostmanCollection,
} from "./download-pages";
import { fallbackListing } from "./downloads";
import { toPostmanCollection } from "./postman";

const readModel = (id: string) =>
  normaliseSwagger2(JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../content/specs/${id}.json`, import.meta.url)), "utf8")));

const fundFlows = readModel("fund-flows");

describe("downloadsPageOf", () => {
  it("is the using-sdk page, or the overview of a set without one", () => {
    expect(Object.fromEntries(docSets.map((docSet) => [docSet.id, downloadsPageOf(docSet.id)]))).toEqual({
      macroeconomic: "getting-started/using-sdk",
      sandbox: "",
      company: "getting-started/using-sdk",
      "company-v2": "getting-started/using-sdk",
      documents: "getting-started/using-sdk",
      dealwatch: "",
      "fund-flows": "getting-started/using-sdk",
      "real-estate": "getting-started/using-sdk",
    });
  });
});

describe("isRSectionPage", () => {
  it("is every written page of a set's R section and nothing else", () => {
    expect(isRSectionPage("fund-flows", "r/full-guide")).toBe(true);
    expect(isRSectionPage("fund-flows", "r/quick-examples/generate-report-with-var-filters")).toBe(true);
    expect(isRSectionPage("fund-flows", "r/quick-examples/unknown")).toBe(false);
    expect(isRSectionPage("fund-flows", "python/full-guide")).toBe(false);
    expect(isRSectionPage("macroeconomic", "r/full-guide")).toBe(false);
  });
});

describe("the listing's entries", () => {
  const listing = fallbackListing("fund-flows", fundFlows, {});

  it("split into clients and specification files in listing order", () => {
    const { clients, specifications } = splitSdks(listing.sdks);
    expect(clients.map((sdk) => sdk.type)).toEqual(["python", "javascript", "php", "r"]);
    expect(specifications.map((sdk) => sdk.type)).toEqual(["openapi", "swagger", "postman"]);
  });

  it("name the Postman collection, or the served file when the listing has none", () => {
    expect(postmanDownloadPath("fund-flows", listing)).toBe("/docs/flows/api-v2/downloads/postman-collection.json");
    expect(
      postmanDownloadPath("fund-flows", {
        downloads: [],
        sdks: [{ name: "P", version: "1", path: "https://cdn.example.com/p.json", type: "postman" }],
      }),
    ).toBe("https://cdn.example.com/p.json");
    expect(postmanDownloadPath("fund-flows", { downloads: [], sdks: [] })).toBe("/docs/flows/api-v2/downloads/postman-collection.json");
  });
});

describe("summarisePostmanCollection", () => {
  it("counts the folders and requests of the collection actually served", () => {
    const summary = summarisePostmanCollection(fundFlows);
    const collection = toPostmanCollection(fundFlows, { name: fundFlows.title, setId: "fund-flows" });
    expect(summary.folders.map((folder) => folder.name.en)).toEqual(collection.item.map((folder) => folder.name));
    expect(summary.folders.map((folder) => folder.requests)).toEqual(collection.item.map((folder) => folder.item.length));
    expect(summary.requests).toBe(6);
    expect(summary.folders[0]).toEqual({ name: { en: "Session", zh: "会话" }, requests: 1 });
    expect(summary.baseUrl).toBe(collection.variable.find((variable) => variable.key === "baseUrl")?.value);
    expect(summary.apiKeyUsage).toBe("Authorization: Bearer {{apiKey}}");
  });

  it("shows how the key travels for a query key and a plain header", () => {
    expect(apiKeyUsage({ in: "query", name: "token" })).toBe("?token={{apiKey}}");
    expect(apiKeyUsage({ in: "header", name: "X-Api-Key" })).toBe("X-Api-Key: {{apiKey}}");
  });
});

describe("on the docs pages", () => {
  const resolve = (page: string) => resolveDocPage("fund-flows", "/docs/flows/api-v2", page, new URLSearchParams(), "en");

  it("the fund flows Postman page is generated from the spec", async () => {
    expect(hasPostmanPage("fund-flows")).toBe(true);
    expect(hasPostmanPage("macroeconomic")).toBe(false);
    await expect(resolve("postman-collection")).resolves.toMatchObject({
      kind: "postman",
      title: { en: "Postman collection", zh: "Postman 集合" },
      download: "/docs/flows/api-v2/downloads/postman-collection.json",
      requests: 6,
    });
    await expect(
      resolveDocPage("macroeconomic", "/docs/econ/macroeconomic", "postman-collection", new URLSearchParams(), "en"),
    ).resolves.toEqual({
      kind: "not-found",
    });
  });

  it("the downloads page carries the listing and the R pages the R client", async () => {
    const { downloads } = await pageDownloads("fund-flows", "getting-started/using-sdk");
    expect(downloads?.sdks.map((sdk) => sdk.type)).toContain("r");
    await expect(pageDownloads("fund-flows", "r/quick-examples/login")).resolves.toEqual({
      rClient: expect.objectContaining({ type: "r", path: "/docs/flows/api-v2/downloads/fund_flows_client.R" }),
    });
    await expect(pageDownloads("fund-flows", "getting-started/prerequisites")).resolves.toEqual({});
    expect((await pageDownloads("sandbox", "")).downloads?.sdks.length).toBeGreaterThan(0);
  });
});
