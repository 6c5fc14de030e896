import { describe, expect, it } from "vitest";
import { ageParts, specReloadSchema } from "./dashboard";

describe("ageParts", () => {
  it("uses one whole unit, rounded down", () => {
    expect(ageParts(0)).toEqual({ unit: "seconds", count: 0 });
    expect(ageParts(59_999)).toEqual({ unit: "seconds", count: 59 });
    expect(ageParts(60_000)).toEqual({ unit: "minutes", count: 1 });
    expect(ageParts(59 * 60_000 + 59_999)).toEqual({ unit: "minutes", count: 59 });
    expect(ageParts(60 * 60_000)).toEqual({ unit: "hours", count: 1 });
    expect(ageParts(47 * 3_600_000)).toEqual({ unit: "hours", count: 47 });
    expect(ageParts(48 * 3_600_000)).toEqual({ unit: "days", count: 2 });
  });

  it("shows a negative age (a clock ahead) as zero seconds", () => {
    expect(ageParts(-3_000)).toEqual({ unit: "seconds", count: 0 });
  });
});

describe("specReloadSchema", () => {
  it("takes a documentation set id or all", () => {
    expect(specReloadSchema.parse({ set: "dealwatch" })).toEqual({ set: "dealwatch" });
    expect(specReloadSchema.parse({ set: "all" })).toEqual({ set: "all" });
  });

  it("refuses anything else with the form messages", () => {
    expect(specReloadSchema.safeParse({}).error?.issues[0]?.message).toBe("validation.required");
    expect(specReloadSchema.safeParse({ set: "" }).error?.issues[0]?.message).toBe("validation.required");
    expect(specReloadSchema.safeParse({ set: "api-v2" }).error?.issues[0]?.message).toBe("validation.invalidOption");
    expect(specReloadSchema.safeParse({ set: ["all"] }).error?.issues[0]?.message).toBe("validation.invalidOption");
  });
});
