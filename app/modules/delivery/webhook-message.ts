import { Webhook } from "standardwebhooks";
import type { WebhookMethod } from "./targets";

/**
 * The webhooks the portal sends, signed as the Standard Webhooks specification says (README, "Signed webhooks"):
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` HMAC-SHA256 of
 * "{id}.{timestamp}.{body}" under each signing secret, space separated). Pure: the secrets are passed in.
 */

export const webhookEventTypes = [
  "feed.run.delivered",
  "feed.run.failed",
  "feed.paused",
  "dump.completed",
  "dump.failed",
  "dump.stopped",
  "test",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** What happened, flat so a GET webhook can carry it as query parameters too; null where it does not apply. */
export interface WebhookData {
  feedId: string | null;
  dumpId: string | null;
  runId: string | null;
  name: string;
  fileId: string | null;
  fileName: string | null;
  downloadUrl: string | null;
  records: number | null;
  /** Of a feed run's records: created since the previous run, and changed since then; null for dumps. */
  newCount: number | null;
  changedCount: number | null;
  error: string | null;
}

export interface WebhookPayload {
  type: WebhookEventType;
  /** When the event happened, ISO 8601. */
  timestamp: string;
  data: WebhookData;
}

export interface WebhookMessage {
  /** The same on every attempt of one delivery, so a receiver can drop a repeat. */
  id: string;
  payload: WebhookPayload;
}

/** A delivery's message id: derived from its row, so every retry carries the same one. */
export function webhookMessageId(deliveryId: string): string {
  return `msg_${deliveryId}`;
}

/** The `webhook-signature` header: one `v1,` signature per secret (the current one first), space separated. */
function webhookSignature(secrets: readonly string[], id: string, sentAt: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, sentAt, body)).join(" ");
}

export interface WebhookRequest {
  url: string;
  method: WebhookMethod;
  headers: Record<string, string>;
  body?: string;
}

const userAgent = { "User-Agent": "developer-portal-webhook/1" };

/**
 * The signed request. POST, PUT and PATCH carry the payload as JSON; GET has no body, so its signature is over the
 * empty payload (it proves the id and time came from the portal) and the payload's fields ride along as query
 * parameters, unsigned: a GET receiver should read the outcome from the JSON API.
 */
export function webhookRequest(
  url: string,
  method: WebhookMethod,
  message: WebhookMessage,
  secrets: readonly string[],
  sentAt: Date,
): WebhookRequest {
  const body = method === "GET" ? "" : JSON.stringify(message.payload);
  const headers = {
    ...userAgent,
    "webhook-id": message.id,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": webhookSignature(secrets, message.id, sentAt, body),
  };
  if (method !== "GET") return { url, method, headers: { ...headers, "Content-Type": "application/json" }, body };
  const target = new URL(url);
  const { type, timestamp, data } = message.payload;
  for (const [key, value] of Object.entries({ type, timestamp, ...data }))
    target.searchParams.set(key, value === null ? "" : String(value));
  return { url: target.toString(), method, headers };
}
