import { describe, expect, it } from "vitest";
import { placePath, productPlaceOf, productScreenPath } from "./places";

describe("product places", () => {
  it("reads the product of its own area and of an admin section, with or without a language", () => {
    expect(productPlaceOf("/dashboard/econ/feeds")).toEqual({ product: "econ", admin: false });
    expect(productPlaceOf("/zh/dashboard/corp/edit-feed/abc")).toEqual({ product: "corp", admin: false });
    expect(productPlaceOf("/dashboard/admin/macroeconomic-feeds")).toEqual({ product: "econ", admin: true });
    expect(productPlaceOf("/dashboard/admin/company-dumps/dump-details/x")).toEqual({ product: "corp", admin: true });
    expect(productPlaceOf("/en/dashboard/admin/documents-feeds/edit-feed/x")).toEqual({ product: "documents", admin: true });
  });

  it("is null outside the product screens", () => {
    expect(productPlaceOf("/dashboard/admin/incidents")).toBeNull();
    expect(productPlaceOf("/dashboard/admin")).toBeNull();
    expect(productPlaceOf("/dashboard/profile")).toBeNull();
    expect(productPlaceOf("/dashboard/nope/feeds")).toBeNull();
    expect(productPlaceOf("/docs/econ/macroeconomic")).toBeNull();
  });

  it("links each screen within its own area or section", () => {
    const own = { product: "econ", admin: false } as const;
    expect(productScreenPath(own, "feeds")).toBe("/dashboard/econ/feeds");
    expect(productScreenPath(own, "feed-details", "f1")).toBe("/dashboard/econ/feed-details/f1");
    expect(productScreenPath(own, "create-dump")).toBe("/dashboard/econ/create-dump");
    expect(productScreenPath(own, "deleted-feeds")).toBeNull();

    const admin = { product: "econ", admin: true } as const;
    expect(productScreenPath(admin, "feeds")).toBe("/dashboard/admin/macroeconomic-feeds");
    expect(productScreenPath(admin, "edit-feed", "f1")).toBe("/dashboard/admin/macroeconomic-feeds/edit-feed/f1");
    expect(productScreenPath(admin, "deleted-feeds")).toBe("/dashboard/admin/macroeconomic-feeds/deleted");
    expect(productScreenPath(admin, "dumps")).toBe("/dashboard/admin/macroeconomic-dumps");
    expect(productScreenPath(admin, "dump-details", "d/1")).toBe("/dashboard/admin/macroeconomic-dumps/dump-details/d%2F1");
  });

  it("has no screen where the product or the section offers none", () => {
    expect(productScreenPath({ product: "documents", admin: false }, "dumps")).toBeNull();
    expect(productScreenPath({ product: "documents", admin: true }, "create-feed")).toBeNull();
    expect(productScreenPath({ product: "documents", admin: true }, "edit-feed", "x")).toBe("/dashboard/admin/documents-feeds/edit-feed/x");
    expect(productScreenPath({ product: "corp", admin: true }, "create-dump")).toBe("/dashboard/admin/company-dumps/create-dump");
  });

  it("gives every place a feeds list, a feed's details and its edit form", () => {
    for (const product of ["econ", "corp", "documents"] as const)
      for (const admin of [false, true]) {
        const place = { product, admin };
        expect(placePath(place, "feeds")).toMatch(/^\/dashboard\//);
        expect(placePath(place, "feed-details", "x")).toMatch(/\/feed-details\/x$/);
        expect(placePath(place, "edit-feed", "x")).toMatch(/\/edit-feed\/x$/);
      }
  });
});
