import type { Selectable } from "kysely";
import { z } from "zod";
import type { OutboxTable } from "~/modules/db/schema";
import { readLogSearch } from "~/modules/forms/log-search";
import { redactSecrets } from "~/modules/secrets/redact";

/** What sendMail records: stored (no SMTP configured), sent, or failed. */
const outboxStatuses = ["stored", "sent", "failed"] as const;

/** The status filter's options: "all" is no filter. */
export const outboxStatusFilters = ["all", ...outboxStatuses] as const;

/** The filters of the outbox, from the page's GET form and the JSON API's query alike. */
export const outboxFilterSchema = z.object({
  status: z.preprocess(
    (value) => {
      const text = String(value ?? "").trim();
      return text === "" || text === "all" ? undefined : text;
    },
    z.enum(outboxStatuses, { errorMap: () => ({ message: "validation.invalidOption" }) }).optional(),
  ),
  /** Part of the recipient's address, in any case. */
  recipient: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.string().trim().max(254, "validation.tooLong|max=254").optional(),
  ),
});

export type OutboxFilter = z.infer<typeof outboxFilterSchema>;

/** Reads the page's and the API's query: ?id= is one message (outbox ids are UUIDs too), ?status=&recipient= filter the list. */
export function readOutboxSearch(search: URLSearchParams) {
  return readLogSearch(search, { status: "all", recipient: "" }, outboxFilterSchema);
}

/** The admin page of one outbox message. */
export function outboxMessagePath(id: string): string {
  return `/dashboard/admin/outbox?id=${encodeURIComponent(id)}`;
}

/** An outbox message in the list: everything but its body. */
export function summarizeOutboxMessage(row: Omit<Selectable<OutboxTable>, "body" | "security">) {
  return {
    id: row.id,
    created: row.created_at,
    to: row.recipient,
    replyTo: row.reply_to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: row.sent_at,
  };
}

/**
 * One outbox message with its body, which is plain text and stays so. A security mail shows its link only where
 * the outbox keeps links (outboxKeepsLinks): elsewhere an admin reading it could take over the recipient's account.
 */
export function showOutboxMessage(row: Selectable<OutboxTable>, keepsLinks: boolean) {
  return { ...summarizeOutboxMessage(row), body: row.security === 1 && !keepsLinks ? redactSecrets(row.body) : row.body };
}

export type OutboxMessageSummary = ReturnType<typeof summarizeOutboxMessage>;
export type ShownOutboxMessage = ReturnType<typeof showOutboxMessage>;
