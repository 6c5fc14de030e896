import { describe, expect, it } from "vitest";
import { pageMeta } from "./page-meta";

describe("pageMeta", () => {
  it("titles a page with its name and the site's", () => {
    expect(pageMeta("Models", "Data API Developer Portal")).toEqual([{ title: "Models | Data API Developer Portal" }]);
    expect(pageMeta(undefined, "数据 API 开发者门户")).toEqual([{ title: "数据 API 开发者门户" }]);
  });

  it("falls back to the portal's name when the loader gave nothing, as on an error page", () => {
    expect(pageMeta(undefined, undefined)).toEqual([{ title: "Data API Developer Portal" }]);
    expect(pageMeta("", undefined)).toEqual([{ title: "Data API Developer Portal" }]);
  });
});
