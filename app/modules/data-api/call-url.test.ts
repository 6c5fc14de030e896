import { describe, expect, it } from "vitest";
import { callUrl, hasDotSegment } from "./call-url";

describe("callUrl", () => {
  it("joins the base URL, the path and the encoded query", () => {
    expect(
      callUrl("https://x.example.com/v1", "/series/search", [
        ["keyword", "gdp china"],
        ["token", "k&1"],
      ]),
    ).toBe("https://x.example.com/v1/series/search?keyword=gdp+china&token=k%261");
    expect(callUrl("http://localhost:3000/data-api/sandbox", "layout/databases", [])).toBe(
      "http://localhost:3000/data-api/sandbox/layout/databases",
    );
  });
});

describe("hasDotSegment", () => {
  it("[security3-N5] finds the segments new URL would resolve away, however they are written", () => {
    for (const path of [
      "/series/../data",
      "/series/.",
      "/..",
      "/series/%2e%2e/data",
      "/series/.%2E",
      "/series/%2E.",
      "/series/%2e",
      "/series\\..\\x",
    ]) {
      expect(hasDotSegment(path), path).toBe(true);
      // new URL changes the path it was given: the call would not go where the operation says.
      expect(new URL(callUrl("https://x.example.com/v1", path, [])).pathname, path).not.toBe(`/v1${path}`);
    }
  });

  it("[security3-N5] leaves dots inside a value alone", () => {
    for (const path of ["/series/a.b", "/series/...", "/series/..%2Fx", "/series/%252e%252e", "/files/report.v2.pdf", "/series/search"]) {
      expect(hasDotSegment(path), path).toBe(false);
      expect(new URL(callUrl("https://x.example.com/v1", path, [])).pathname, path).toBe(`/v1${path}`);
    }
  });
});
