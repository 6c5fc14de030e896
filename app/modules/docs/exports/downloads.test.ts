import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { normaliseSwagger2 } from "../spec-model";
import {
  clientLanguagesOf,
  composeGuide,
  downloadListingSchema,
  downloadsRoot,
  fallbackListing,
  guideAttachmentName,
  guideHref,
  guideLanguagesOf,
  isSafeListingPath,
  resolveDownload,
  withWrittenGuides,
} from "./downloads";

const readSpec = (id: string): unknown =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../../content/specs/${id}.json`, import.meta.url)), "utf8"));

const spec = readSpec("fund-flows");
const loaded = { model: normaliseSwagger2(spec), spec };

describe("composeGuide", () => {
  it("puts the full guide first and the quick examples after it", () => {
    expect(composeGuide("# Guide\n", ["# One\n\ntext\n", "", "# Two"])).toBe("# Guide\n\n---\n\n# One\n\ntext\n\n---\n\n# Two\n");
    expect(composeGuide(null, ["# One"])).toBe("# One\n");
  });

  it("is null when nothing is written", () => {
    expect(composeGuide(null, [])).toBeNull();
    expect(composeGuide("  \n", [""])).toBeNull();
  });
});

describe("the languages of a set", () => {
  it("offer guides only where the docs have a language section, and R only for fund flows", () => {
    expect(guideLanguagesOf("macroeconomic")).toEqual(["python", "javascript", "php"]);
    expect(guideLanguagesOf("company")).toEqual(["php"]);
    expect(guideLanguagesOf("sandbox")).toEqual([]);
    expect(clientLanguagesOf("fund-flows")).toEqual(["python", "javascript", "php", "r"]);
    expect(clientLanguagesOf("macroeconomic")).toEqual(["python", "javascript", "php"]);
  });
});

describe("fallbackListing", () => {
  it("lists the written guides and every served file, versioned like the spec", () => {
    const listing = fallbackListing("fund-flows", loaded.model, { python: "# Guide" });
    expect(downloadListingSchema.parse(listing)).toEqual(listing);
    expect(listing.downloads).toEqual([{ name: "python", path: "/docs/flows/api-v2/downloads/fund-flows-guide-python.md" }]);
    expect(listing.sdks.map((sdk) => [sdk.type, sdk.path.slice(downloadsRoot("fund-flows").length + 1)])).toEqual([
      ["python", "fund_flows_client.py"],
      ["javascript", "fund-flows-client.mjs"],
      ["php", "FundFlowsClient.php"],
      ["r", "fund_flows_client.R"],
      ["openapi", "openapi.json"],
      ["swagger", "swagger.json"],
      ["postman", "postman-collection.json"],
    ]);
    expect(new Set(listing.sdks.map((sdk) => sdk.version))).toEqual(new Set(["2.0.0"]));
  });
});

describe("withWrittenGuides", () => {
  it("drops the guides that have no written content", () => {
    const listing = fallbackListing("fund-flows", loaded.model, { python: "a", javascript: "b", php: "c" });
    expect(withWrittenGuides(listing, { php: "c" }).downloads.map((download) => download.name)).toEqual(["php"]);
  });
});

describe("a guide in Chinese", () => {
  it("is the portal's guide file with ?lang=zh, saved under a name that says so; a guide elsewhere is linked as it is", () => {
    const path = "/docs/econ/macroeconomic/downloads/macroeconomic-guide-python.md";
    expect(guideHref(path, "en")).toBe(path);
    expect(guideHref(path, "zh")).toBe(`${path}?lang=zh`);
    expect(guideHref("https://cdn.example.com/guide.md", "zh")).toBe("https://cdn.example.com/guide.md");
    expect(guideAttachmentName("macroeconomic-guide-python.md", "en")).toBe("macroeconomic-guide-python.md");
    expect(guideAttachmentName("macroeconomic-guide-python.md", "zh")).toBe("macroeconomic-guide-python.zh.md");
  });
});

describe("resolveDownload", () => {
  it("serves the spec as OpenAPI 3 and as it is", () => {
    const openapi = resolveDownload("fund-flows", "openapi.json", loaded);
    expect(openapi?.contentType).toBe("application/json; charset=utf-8");
    expect(JSON.parse(openapi?.body ?? "")).toMatchObject({ openapi: "3.0.3", info: { version: "2.0.0" } });
    expect(JSON.parse(resolveDownload("fund-flows", "swagger.json", loaded)?.body ?? "")).toEqual(spec);
  });

  it("serves the Postman collection and the clients", () => {
    expect(JSON.parse(resolveDownload("fund-flows", "postman-collection.json", loaded)?.body ?? "")).toMatchObject({
      info: { name: loaded.model.title },
    });
    const r = resolveDownload("fund-flows", "fund_flows_client.R", loaded);
    expect(r?.filename).toBe("fund_flows_client.R");
    expect(r?.body).toContain("fund_flows_client <- function(api_key");
    expect(resolveDownload("fund-flows", "FundFlowsClient.php", loaded)?.contentType).toBe("text/x-php; charset=utf-8");
  });

  it("serves a guide only when it is written", () => {
    expect(resolveDownload("fund-flows", "fund-flows-guide-python.md", loaded, { python: "# Guide\n" })).toEqual({
      filename: "fund-flows-guide-python.md",
      contentType: "text/markdown; charset=utf-8",
      body: "# Guide\n",
    });
    expect(resolveDownload("fund-flows", "fund-flows-guide-python.md", loaded)).toBeNull();
  });

  it("knows no other file, nor another set's files", () => {
    expect(resolveDownload("fund-flows", "secrets.json", loaded)).toBeNull();
    expect(resolveDownload("fund-flows", "macroeconomic_client.py", loaded)).toBeNull();
    expect(resolveDownload("fund-flows", "../openapi.json", loaded)).toBeNull();
    const macro = readSpec("macroeconomic");
    expect(resolveDownload("macroeconomic", "macroeconomic_client.R", { model: normaliseSwagger2(macro), spec: macro })).toBeNull();
  });
});

describe("isSafeListingPath", () => {
  it("[security-21] accepts only paths on this site and https URLs", () => {
    for (const path of ["/docs/flows/api-v2/downloads/openapi.json", "clients/fund_flows_client.py", "https://cdn.example.com/sdk.zip"]) {
      expect(isSafeListingPath(path), path).toBe(true);
    }
    for (const path of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "JavaScript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      "//evil.example/sdk.zip",
      "/\\evil.example/sdk.zip",
      "http://plain.example.com/sdk.zip",
      "https://",
      "",
    ]) {
      expect(isSafeListingPath(path), path).toBe(false);
    }
  });

  it("[security-21] a listing with a script link does not validate", () => {
    const listing = { downloads: [{ name: "python", path: "javascript:alert(1)" }], sdks: [] };
    expect(downloadListingSchema.safeParse(listing).success).toBe(false);
  });
});
