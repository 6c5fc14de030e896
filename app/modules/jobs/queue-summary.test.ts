import { describe, expect, it } from "vitest";
import { mergeQueueRows, type QueueRow } from "./queue-summary";

describe("mergeQueueRows", () => {
  const row = (kind: string, queued: number): QueueRow => ({ kind, queued, running: 0, failed: 0, oldestWaitingMs: 1000 });

  it("lists every registered kind, and kinds only the table knows, in name order", () => {
    expect(mergeQueueRows(["run-feed", "run-dump"], [row("run-dump", 2), row("retired-kind", 1)])).toEqual([
      row("retired-kind", 1),
      row("run-dump", 2),
      { kind: "run-feed", queued: 0, running: 0, failed: 0, oldestWaitingMs: null },
    ]);
  });
});
