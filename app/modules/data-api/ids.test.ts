import { describe, expect, it } from "vitest";
import { companyApiId, companyCatalogId, seriesApiId, seriesCatalogId } from "./ids";

describe("API ids", () => {
  it("are the catalog numbers without prefix and leading zeros, both ways", () => {
    expect(seriesApiId("SR0000042")).toBe("42");
    expect(seriesCatalogId("42")).toBe("SR0000042");
    expect(seriesCatalogId("0042")).toBe("SR0000042");
    expect(companyApiId("CO0012345")).toBe(12345);
    expect(companyCatalogId(12345)).toBe("CO0012345");
  });

  it("are null where no catalog item can have them", () => {
    expect([seriesCatalogId("0"), seriesCatalogId("12345678"), seriesCatalogId("1a"), companyCatalogId(-1), companyCatalogId(1.5)]).toEqual(
      [null, null, null, null, null],
    );
  });
});
