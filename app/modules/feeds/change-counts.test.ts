import { describe, expect, it } from "vitest";
import { countChanges, noChanges } from "./change-counts";

describe("a run's new and changed counts", () => {
  it("counts items created after since as new, others updated after it as changed, and the rest as neither", () => {
    const counts = noChanges();
    const since = "2026-03-01T00:00:00.000Z";
    countChanges(counts, since, [
      { createdAt: "2026-03-02T00:00:00.000Z", updatedAt: "2026-03-02T00:00:00.000Z" },
      { createdAt: "2025-01-01T00:00:00.000Z", updatedAt: "2026-03-01T00:00:00.001Z" },
      { createdAt: "2025-01-01T00:00:00.000Z", updatedAt: "2026-03-01T00:00:00.000Z" },
    ]);
    countChanges(counts, since, [{ createdAt: "2026-03-01T12:00:00Z", updatedAt: "2026-03-01T12:00:00Z" }]);
    expect(counts).toEqual({ newCount: 2, changedCount: 1 });
  });
});
