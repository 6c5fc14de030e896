import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { docSets } from "~/modules/registry/registry";
import { getDocSetData } from "../routing-data.server";
import { downloadListingSchema, downloadsRoot, fallbackListing } from "./downloads";
import {
  cacheListings,
  downloadSource,
  fallbackTtlMs,
  getDownloadFile,
  getDownloadListing,
  listingTtlMs,
  loadDownloadListing,
  readGuides,
} from "./downloads.server";

const directory = mkdtempSync(path.join(tmpdir(), "downloads-test-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

function listingFile(name: string, text: string): string {
  const file = path.join(directory, name);
  writeFileSync(file, text);
  return file;
}

describe("loadDownloadListing", () => {
  const guides = { python: "# Python guide\n" };

  it("reads a valid listing and keeps only the written guides", async () => {
    const { model } = await getDocSetData("fund-flows");
    const listing = {
      downloads: [
        { name: "python", path: "/somewhere/python.md" },
        { name: "php", path: "/somewhere/php.md" },
      ],
      sdks: [{ name: "R", version: "9.9.9", path: "https://storage.example.com/r.R", type: "r" }],
    };
    const source = listingFile("valid.json", JSON.stringify(listing));
    await expect(loadDownloadListing("fund-flows", model, guides, source)).resolves.toEqual({
      listing: { ...listing, downloads: [listing.downloads[0]] },
      fromSource: true,
    });
  });

  it.each([
    ["a missing file", path.join(directory, "missing.json")],
    ["invalid JSON", listingFile("invalid.json", "{ downloads: [")],
    ["a listing failing the schema", listingFile("wrong.json", JSON.stringify({ downloads: [{ name: "ruby", path: "/x" }], sdks: [] }))],
    ["a listing without SDKs", listingFile("partial.json", JSON.stringify({ downloads: [] }))],
  ])("falls back silently to the listing built from the spec for %s", async (_case, source) => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { model } = await getDocSetData("fund-flows");
    await expect(loadDownloadListing("fund-flows", model, guides, source)).resolves.toEqual({
      listing: fallbackListing("fund-flows", model, guides),
      fromSource: false,
    });
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain(source);
  });
});

describe("cacheListings", () => {
  const listing = (version: string) => ({ downloads: [], sdks: [{ name: "R", version, path: "/r.R", type: "r" }] });

  async function cacheOver(source: string) {
    const { model } = await getDocSetData("fund-flows");
    const clock = { now: 0 };
    const read = vi.fn(() => loadDownloadListing("fund-flows", model, {}, source));
    return { clock, read, listingOf: cacheListings(read, () => clock.now) };
  }

  it("reads a source once and keeps its listing for five minutes", async () => {
    const source = listingFile("cached.json", JSON.stringify(listing("1.0.0")));
    const { clock, read, listingOf } = await cacheOver(source);
    const [first, concurrent] = await Promise.all([listingOf("fund-flows"), listingOf("fund-flows")]);
    expect(first.sdks[0]?.version).toBe("1.0.0");
    expect(concurrent).toBe(first);
    listingFile("cached.json", JSON.stringify(listing("2.0.0")));
    clock.now = listingTtlMs - 1;
    expect((await listingOf("fund-flows")).sdks[0]?.version).toBe("1.0.0");
    expect(read).toHaveBeenCalledOnce();
    clock.now = listingTtlMs;
    expect((await listingOf("fund-flows")).sdks[0]?.version).toBe("2.0.0");
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("keeps the fallback for thirty seconds only, then uses the source once it can be read", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const source = path.join(directory, "late.json");
    const { clock, read, listingOf } = await cacheOver(source);
    const { model } = await getDocSetData("fund-flows");
    await expect(listingOf("fund-flows")).resolves.toEqual(fallbackListing("fund-flows", model, {}));
    listingFile("late.json", JSON.stringify(listing("3.0.0")));
    clock.now = fallbackTtlMs - 1;
    await expect(listingOf("fund-flows")).resolves.toEqual(fallbackListing("fund-flows", model, {}));
    clock.now = fallbackTtlMs;
    expect((await listingOf("fund-flows")).sdks[0]?.version).toBe("3.0.0");
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("keeps each set apart and does not keep a read that failed", async () => {
    const read = vi
      .fn()
      .mockRejectedValueOnce(new Error("spec unavailable"))
      .mockResolvedValue({ listing: listing("4.0.0"), fromSource: true });
    const listingOf = cacheListings(read, () => 0);
    await expect(listingOf("fund-flows")).rejects.toThrow("spec unavailable");
    expect((await listingOf("fund-flows")).sdks[0]?.version).toBe("4.0.0");
    await listingOf("macroeconomic");
    expect(read.mock.calls).toEqual([["fund-flows"], ["fund-flows"], ["macroeconomic"]]);
  });
});

describe("readGuides", () => {
  it("assembles each written language: the full guide, then the quick examples in menu order", async () => {
    const guides = await readGuides("macroeconomic");
    expect(Object.keys(guides)).toEqual(["python", "javascript", "php"]);
    const python = guides.python ?? "";
    expect(python.startsWith("# Python full guide")).toBe(true);
    expect(python.indexOf("# Change the default host")).toBeGreaterThan(0);
    expect(python.indexOf("# Change the default host")).toBeLessThan(python.lastIndexOf("\n---\n"));
  });

  it("has nothing for a set without language sections", async () => {
    await expect(readGuides("sandbox")).resolves.toEqual({});
  });
});

describe.each(docSets.map((docSet) => docSet.id))("the %s downloads", (id) => {
  it("come from a valid listing file whose every path this portal serves", async () => {
    const warn = vi.spyOn(console, "warn");
    expect(downloadSource(id)).toBe(path.join("content", "downloads", `${id}.json`));
    const listing = await getDownloadListing(id);
    expect(warn).not.toHaveBeenCalled();
    expect(downloadListingSchema.parse(listing)).toEqual(listing);
    const paths = [...listing.downloads, ...listing.sdks].map((entry) => entry.path);
    for (const listed of paths) {
      expect(listed.startsWith(`${downloadsRoot(id)}/`), listed).toBe(true);
      const file = await getDownloadFile(id, listed.slice(downloadsRoot(id).length + 1));
      expect(file?.body.length ?? 0, listed).toBeGreaterThan(0);
    }
  });

  it("offer the documentation of every written language", async () => {
    const guides = await readGuides(id);
    const listing = await getDownloadListing(id);
    expect(listing.downloads.map((download) => download.name)).toEqual(Object.keys(guides));
  });
});

describe("the fund flows downloads", () => {
  it("include the R client behind the R download button", async () => {
    const { sdks } = await getDownloadListing("fund-flows");
    const r = sdks.find((sdk) => sdk.type === "r");
    expect(r).toMatchObject({ version: "2.0.0", path: "/docs/flows/api-v2/downloads/fund_flows_client.R" });
    await expect(getDownloadFile("fund-flows", "fund_flows_client.R")).resolves.toMatchObject({ filename: "fund_flows_client.R" });
  });
});
