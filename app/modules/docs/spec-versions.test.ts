import { describe, expect, it } from "vitest";
import type { DocSetId } from "~/modules/registry/registry";
import { failedRefreshRetryMs, setsToRefresh, type RefreshFailure } from "./spec-versions";

const versions = (entries: [DocSetId, number][]) => new Map(entries);
const noFailures = new Map<DocSetId, RefreshFailure>();

describe("setsToRefresh", () => {
  it("reloads the loaded sets whose stamp moved past their version", () => {
    const loaded = versions([
      ["macroeconomic", 0],
      ["dealwatch", 2],
      ["sandbox", 3],
    ]);
    const stamps = versions([
      ["dealwatch", 3],
      ["sandbox", 3],
      ["documents", 5],
    ]);
    expect(setsToRefresh(loaded, stamps, noFailures, 0)).toEqual([{ set: "dealwatch", version: 3 }]);
  });

  it("leaves sets alone that are newer here than the stamp read, or that were never loaded", () => {
    expect(setsToRefresh(versions([["dealwatch", 4]]), versions([["dealwatch", 3]]), noFailures, 0)).toEqual([]);
    expect(setsToRefresh(new Map(), versions([["dealwatch", 3]]), noFailures, 0)).toEqual([]);
  });

  it("waits before retrying a version that failed to load here, but not for a newer one", () => {
    const loaded = versions([["dealwatch", 1]]);
    const failures = new Map<DocSetId, RefreshFailure>([["dealwatch", { version: 2, retryAt: 1_000 + failedRefreshRetryMs }]]);
    expect(setsToRefresh(loaded, versions([["dealwatch", 2]]), failures, 1_000)).toEqual([]);
    expect(setsToRefresh(loaded, versions([["dealwatch", 2]]), failures, 1_000 + failedRefreshRetryMs)).toEqual([
      { set: "dealwatch", version: 2 },
    ]);
    expect(setsToRefresh(loaded, versions([["dealwatch", 3]]), failures, 1_000)).toEqual([{ set: "dealwatch", version: 3 }]);
  });
});
