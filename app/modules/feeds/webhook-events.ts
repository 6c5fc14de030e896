import type { WebhookEventType, WebhookPayload } from "~/modules/delivery/webhook-message";
import type { PipelineEvent, PipelineEventName } from "./notification-mail";

/** The documented webhook event of each pipeline event (README, "Signed webhooks"). */
const eventTypes: Record<PipelineEventName, WebhookEventType> = {
  "feed.delivered": "feed.run.delivered",
  "feed.failed": "feed.run.failed",
  "feed.paused": "feed.paused",
  "dump.completed": "dump.completed",
  "dump.failed": "dump.failed",
  "dump.stopped": "dump.stopped",
};

/** Where the event came from: the delivery row's run and file, and when the event was queued. */
export interface WebhookSource {
  runId: string | null;
  fileName: string | null;
  at: string;
}

/** The JSON payload of a dump's or feed's event; the event's id is the feed's or the dump's. */
export function webhookPayload(event: PipelineEvent, source: WebhookSource): WebhookPayload {
  const type = eventTypes[event.event];
  const isFeed = type.startsWith("feed.");
  return {
    type,
    timestamp: source.at,
    data: {
      feedId: isFeed ? event.id : null,
      dumpId: isFeed ? null : event.id,
      runId: source.runId,
      name: event.name,
      fileId: event.fileId,
      fileName: source.fileName,
      downloadUrl: event.downloadUrl,
      records: event.records,
      newCount: event.newCount,
      changedCount: event.changedCount,
      error: event.error,
    },
  };
}

/** The payload of "Send test event": type `test`, nothing else set but the time. */
export function testWebhookPayload(at: string): WebhookPayload {
  return {
    type: "test",
    timestamp: at,
    data: {
      feedId: null,
      dumpId: null,
      runId: null,
      name: "",
      fileId: null,
      fileName: null,
      downloadUrl: null,
      records: null,
      newCount: null,
      changedCount: null,
      error: null,
    },
  };
}
