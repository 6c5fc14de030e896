import type { Generated } from "kysely";

/** Timestamps are ISO-8601 strings on both SQLite and PostgreSQL (see database.server.ts). */
type Timestamp = string;

export interface IncidentTable {
  id: string;
  created_at: Timestamp;
  path: string;
  message: string;
  query: string;
  username: string | null;
  stacktrace: string;
}

export interface ContactMessageTable {
  id: string;
  created_at: Timestamp;
  kind: string;
  email: string;
  name: string;
  subject: string;
  /** The validated form as JSON. */
  payload: string;
}

export interface OutboxTable {
  id: string;
  created_at: Timestamp;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  /** stored (no SMTP configured), sent, or failed */
  status: string;
  attempts: Generated<number>;
  last_error: string | null;
  sent_at: Timestamp | null;
}

export interface RateLimitEventTable {
  id: string;
  key: string;
  created_at: Timestamp;
}

export interface Database {
  incidents: IncidentTable;
  contact_messages: ContactMessageTable;
  outbox: OutboxTable;
  rate_limit_events: RateLimitEventTable;
}
