import { describe, expect, it } from "vitest";
import { leadSearchQuery, readLeadSearch } from "./leads";

describe("readLeadSearch", () => {
  it("reads the filters and the page", () => {
    expect(readLeadSearch(new URLSearchParams("q=+Ada+&country=GB&offers=yes&state=issued&page=3"))).toEqual({
      q: "Ada",
      country: "GB",
      offers: "yes",
      state: "issued",
      page: 3,
    });
  });

  it("reads a malformed filter as none, so a shared address never fails", () => {
    expect(readLeadSearch(new URLSearchParams("country=gb1&offers=maybe&state=x&page=-2"))).toEqual({
      q: "",
      country: "",
      offers: "",
      state: "",
      page: 1,
    });
  });
});

describe("leadSearchQuery", () => {
  it("leaves out empty values and the first page", () => {
    expect(leadSearchQuery({ q: "a b", country: "", offers: "no", state: "", page: 1 })).toBe("?q=a+b&offers=no");
    expect(leadSearchQuery({ q: "", page: 2 })).toBe("?page=2");
    expect(leadSearchQuery({ q: "" })).toBe("");
  });
});
