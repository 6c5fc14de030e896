import { describe, expect, it } from "vitest";
import { docSets } from "~/modules/registry/registry";
import { bearerToken, queryToken, setAccess } from "./access-rules";

describe("access rules", () => {
  it("name how every set authenticates", () => {
    expect(Object.keys(setAccess).sort()).toEqual(docSets.map((set) => set.id).sort());
    expect(setAccess.sandbox).toEqual({ kind: "trial-key" });
    expect(setAccess["fund-flows"]).toMatchObject({ kind: "session", platform: "intel" });
    expect(setAccess.documents).toEqual({ kind: "api-key", platform: "corp", product: "documents" });
  });

  it("read the bearer token and the token query parameter", () => {
    expect(bearerToken("Bearer ffs_abc")).toBe("ffs_abc");
    expect(bearerToken("bearer  ffs_abc ")).toBe("ffs_abc");
    expect([bearerToken("Basic abc"), bearerToken(undefined), bearerToken("Bearer a b")]).toEqual([null, null, null]);
    expect(
      queryToken([
        ["keyword", "x"],
        ["token", " econ_1 "],
        ["token", "second"],
      ]),
    ).toBe("econ_1");
    expect(queryToken([["token", "  "]])).toBeNull();
  });
});
