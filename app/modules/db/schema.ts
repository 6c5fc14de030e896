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

export interface UserTable {
  id: string;
  email: string;
  username: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  job_position: Generated<string>;
  job_description: Generated<string>;
  /** MIME type of the stored profile picture, null without one. */
  picture_type: string | null;
  /** Flags are 0 or 1 on both dialects. */
  is_admin: Generated<number>;
  has_token_decoder: Generated<number>;
  created_at: Timestamp;
}

export interface UserPlatformTable {
  user_id: string;
  platform: string;
}

export interface SubscriptionTable {
  id: string;
  user_id: string;
  /** macroeconomic, company, documents or intelligence */
  product: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
}

export interface SessionTable {
  /** SHA-256 of the session id; the id itself only lives in the signed cookie. */
  id_hash: string;
  user_id: string;
  platform: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface ApiKeyTable {
  id: string;
  user_id: string;
  platform: string;
  /** SHA-256 of the key; the key is shown once and never stored. */
  key_hash: string;
  /** First and last characters, for the masked display. */
  hint: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** replaced or subscription-ended */
  revoked_reason: string | null;
}

export interface PasswordResetTable {
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface Database {
  users: UserTable;
  user_platforms: UserPlatformTable;
  subscriptions: SubscriptionTable;
  sessions: SessionTable;
  api_keys: ApiKeyTable;
  password_resets: PasswordResetTable;
  incidents: IncidentTable;
  contact_messages: ContactMessageTable;
  outbox: OutboxTable;
  rate_limit_events: RateLimitEventTable;
}
