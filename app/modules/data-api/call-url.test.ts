import { describe, expect, it } from "vitest";
import { callUrl } from "./call-url";

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
