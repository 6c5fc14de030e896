import { describe, expect, it } from "vitest";
import { looksLikeTrialKey } from "./trial-key-shape";

describe("trial key shape", () => {
  it("is the sandbox prefix and a bounded length", () => {
    expect(looksLikeTrialKey("sbx_abc")).toBe(true);
    expect(looksLikeTrialKey("econ_abc")).toBe(false);
    expect(looksLikeTrialKey(`sbx_${"a".repeat(200)}`)).toBe(false);
  });
});
