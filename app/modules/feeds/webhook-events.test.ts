import { describe, expect, it } from "vitest";
import { pipelineEvent } from "./notification-mail";
import { testWebhookPayload, webhookPayload } from "./webhook-events";

const at = "2026-11-27T03:00:00.000Z";

describe("webhook payloads", () => {
  it("names a feed run's event feed.run.*, with the feed, the run and the file", () => {
    const event = pipelineEvent({ id: "feed-1", name: "Daily" }, "en", {
      event: "feed.delivered",
      records: 3,
      newCount: 1,
      changedCount: 2,
      fileId: "file-1",
      downloadUrl: "https://portal.test/api/files/file-1",
    });
    expect(webhookPayload(event, { runId: "run-1", fileName: "daily.json", at })).toEqual({
      type: "feed.run.delivered",
      timestamp: at,
      data: {
        feedId: "feed-1",
        dumpId: null,
        runId: "run-1",
        name: "Daily",
        fileId: "file-1",
        fileName: "daily.json",
        downloadUrl: "https://portal.test/api/files/file-1",
        records: 3,
        newCount: 1,
        changedCount: 2,
        error: null,
      },
    });
    expect(webhookPayload({ ...event, event: "feed.failed", error: "boom" }, { runId: "run-1", fileName: null, at })).toMatchObject({
      type: "feed.run.failed",
      data: { feedId: "feed-1", error: "boom" },
    });
  });

  it("names a dump's event by the dump, without a run", () => {
    const event = pipelineEvent({ id: "dump-1", name: "All" }, "zh", { event: "dump.failed", error: "The FTP server refused the login" });
    expect(webhookPayload(event, { runId: null, fileName: null, at })).toMatchObject({
      type: "dump.failed",
      data: { feedId: null, dumpId: "dump-1", runId: null, error: "The FTP server refused the login" },
    });
  });

  it("sends a test event with its type and time only", () => {
    expect(testWebhookPayload(at)).toMatchObject({ type: "test", timestamp: at, data: { feedId: null, dumpId: null, fileId: null } });
  });
});
