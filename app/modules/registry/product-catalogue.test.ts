import { describe, expect, it } from "vitest";
import { listRoutes } from "../../../tests/support/route-map";
import { dashboardAreas } from "../dashboard/screens";
import { catalogueEntry, isProductSegment, productCatalogue } from "./product-catalogue";

const apiPaths = productCatalogue.flatMap((entry) => [...Object.keys(entry.api), ...Object.keys(entry.adminApi)]);

describe("product catalogue", () => {
  it("names each product once in every vocabulary", () => {
    for (const name of ["segment", "subscription", "feedProduct", "collection"] as const) {
      const values = productCatalogue.map((entry) => entry[name]);
      expect(new Set(values).size, name).toBe(values.length);
    }
    const slugs = productCatalogue.flatMap((entry) => entry.adminSections.map((section) => section.slug));
    expect(new Set(slugs).size).toBe(slugs.length);
  });

  it("gives every JSON API address to one product only, below /api/, the admin panel's below /api/admin/", () => {
    expect(new Set(apiPaths).size).toBe(apiPaths.length);
    for (const entry of productCatalogue) {
      for (const path of Object.keys(entry.api)) expect(path).toMatch(new RegExp(`^api/${entry.segment}-`));
      for (const path of Object.keys(entry.adminApi)) expect(path).toMatch(/^api\/admin\//);
    }
  });

  it("routes every JSON API address to the products' one resource module (remix.config.js)", () => {
    const routed = listRoutes()
      .filter((entry) => entry.file === "routes/api/product-api.ts")
      .map((entry) => entry.pattern);
    expect(routed.sort()).toEqual([...apiPaths].sort());
  });

  it("keeps dump screens and dump addresses to the products that have dumps", () => {
    for (const entry of productCatalogue) {
      const kinds = [...Object.values(entry.api), ...Object.values(entry.adminApi)] as string[];
      const screens = entry.adminSections.flatMap((section) => section.screens) as string[];
      const dumpish = [
        ...kinds.filter((kind) => kind.startsWith("dump") || kind === "run-dump"),
        ...screens.filter((screen) => screen.includes("dump")),
      ];
      if (!entry.dumps) expect(dumpish, entry.segment).toEqual([]);
    }
  });

  it("derives the dashboard's product areas and admin sections", () => {
    const admin = dashboardAreas.find((area) => area.access === "admins");
    for (const entry of productCatalogue) {
      const area = dashboardAreas.find((candidate) => candidate.segment === entry.segment);
      expect(area?.access).toEqual({ product: entry.subscription });
      expect(area?.label).toBe(entry.menuLabel);
      expect(area?.screens.some((screen) => screen.path === "dumps")).toBe(entry.dumps);
      for (const section of entry.adminSections) {
        const served = admin?.screens.filter(
          (screen) => screen.serves?.product === entry.segment && screen.path.split("/")[0] === section.slug,
        );
        expect(served?.map((screen) => screen.serves?.screen)).toEqual(section.screens);
      }
    }
  });

  it("finds an entry by its segment", () => {
    expect(catalogueEntry("corp").subscription).toBe("company");
    expect(isProductSegment("documents")).toBe(true);
    expect(isProductSegment("admin")).toBe(false);
  });
});
