import type { Selectable } from "kysely";
import { z } from "zod";
import type { OutboxTable } from "~/modules/db/schema";
import { incidentIdSchema } from "~/modules/incidents/incident-lookup";
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

export interface OutboxSearch {
  /** What the filter form shows again. */
  values: { id: string; status: string; recipient: string };
  /** The valid id asked for (?id=), or null when none was asked for or it is invalid. */
  id: string | null;
  idError: "admin.incidents.invalidId" | null;
  /** The valid filters, or null with the errors by field. */
  filter: OutboxFilter | null;
  filterErrors: Record<string, string>;
}

/** Reads the page's and the API's query: ?id= is one message (outbox ids are UUIDs too), ?status=&recipient= filter the list. */
export function readOutboxSearch(search: URLSearchParams): OutboxSearch {
  const value = (name: string) => search.get(name) ?? "";
  const values = { id: value("id").trim(), status: value("status") || "all", recipient: value("recipient") };
  const id = search.has("id") ? incidentIdSchema.safeParse(values.id) : null;
  const filter = outboxFilterSchema.safeParse({ status: values.status, recipient: values.recipient });
  const filterErrors: Record<string, string> = {};
  for (const issue of filter.error?.issues ?? []) filterErrors[issue.path.join(".") || "_"] ??= issue.message;
  return {
    values,
    id: id?.success ? id.data : null,
    idError: id && !id.success ? "admin.incidents.invalidId" : null,
    filter: filter.success ? filter.data : null,
    filterErrors,
  };
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
