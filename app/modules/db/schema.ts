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
  /** 1 for a security mail (a reset or sandbox access link): admins see it without the link outside development. */
  security: Generated<number>;
}

/** rate-limiter-flexible's counters (rate-limit/limiter-store.server.ts); `expire` in epoch milliseconds. */
export interface RateLimitTable {
  key: string;
  points: number;
  expire: number | null;
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
  /** When an admin locked the account; null while it is open. */
  locked_at: Generated<Timestamp | null>;
  /** Moves on at every admin change: a change naming an older version is refused. */
  version: Generated<number>;
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
  /** Macroeconomic only: a JSON array of the database ids it covers; null covers every database. */
  databases: string | null;
}

export interface SessionTable {
  /** SHA-256 of the session id; the id itself only lives in the signed cookie. */
  id_hash: string;
  user_id: string;
  platform: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** Last use, for the idle timeout; null only on rows from before it existed (then created_at counts). */
  last_seen_at: Timestamp | null;
  /** The browser's User-Agent at sign-in, cut to 256 characters; null on rows from before it was kept. */
  user_agent: string | null;
  /** The client address at sign-in; null on older rows and outside the HTTP server. */
  address: string | null;
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

/** A unit of background work (DESIGN.md section 6): claimed by one worker at a time under a lease. */
export interface JobTable {
  id: string;
  kind: string;
  /** JSON */
  payload: string;
  /** queued, running, done, failed or cancelled */
  status: string;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  /** At most one running job per key: dumps use the user, so one dump per user runs at a time. */
  concurrency_key: string | null;
  /** At most one queued or running job per key: the periodic ticks. */
  unique_key: string | null;
  locked_by: string | null;
  locked_until: Timestamp | null;
  cancel_requested: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  finished_at: Timestamp | null;
}

/** criteria, options, delivery and notification are JSON validated by the product's schema. */
export interface FeedTable {
  id: string;
  user_id: string;
  /** macroeconomic, company or documents */
  product: string;
  name: string;
  description: Generated<string>;
  frequency: string;
  /** active or inactive */
  status: string;
  criteria: string;
  options: string;
  /** FTP passwords inside are encrypted (secrets.server.ts). */
  delivery: string;
  notification: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  next_run_at: Timestamp | null;
  last_run_at: Timestamp | null;
  last_success_at: Timestamp | null;
  last_run_status: string | null;
  /** Why the portal paused the feed (e.g. "subscription-ended"); null when the owner set the status. */
  pause_reason: Generated<string | null>;
  /** When the owner was mailed that the feed's deliveries fail; cleared by the next delivery that succeeds. */
  failure_mailed_at: Generated<Timestamp | null>;
  /** The dump of the current data the feed started with ("deliver the current data first"); null otherwise. */
  initial_dump_id: Generated<string | null>;
  /** The company v2 filter_id of a company feed's selection; null for other products. */
  filter_id: Generated<string | null>;
}

export interface DumpTable {
  id: string;
  user_id: string;
  product: string;
  feed_id: string | null;
  name: string;
  description: Generated<string>;
  criteria: string;
  options: string;
  delivery: string;
  notification: string;
  /** queued, running, completed, failed or cancelled */
  status: string;
  /** The run-dump job doing the work. */
  job_id: string | null;
  processed: Generated<number>;
  total: Generated<number>;
  estimated_end_at: Timestamp | null;
  error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** Why the portal stopped the dump (e.g. "subscription-ended"); null otherwise. */
  stop_reason: Generated<string | null>;
  /** The predefined dataset this dump generates (products/corp/datasets.ts); null for every other dump. */
  dataset_id: Generated<string | null>;
  /** When the owner was mailed that the dump's delivery fails; cleared when a later attempt succeeds. */
  failure_mailed_at: Generated<Timestamp | null>;
  /** The company v2 filter_id of a company dump's selection; null for other products. */
  filter_id: Generated<string | null>;
}

export interface FeedRunTable {
  id: string;
  feed_id: string;
  /** running, delivered, unchanged or failed */
  status: string;
  /** Changes after this moment were delivered; null on a first run. */
  since: Timestamp | null;
  items: Generated<number>;
  error: string | null;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  /** What the run selected as created since `since`, and as changed since then; null before they were counted. */
  new_count: Generated<number | null>;
  changed_count: Generated<number | null>;
}

/** A produced JSON or XML file, kept 30 days. `path` is relative to DATA_DIR. */
export interface FileTable {
  id: string;
  user_id: string;
  product: string;
  dump_id: string | null;
  feed_run_id: string | null;
  format: string;
  filename: string;
  path: string;
  size: number;
  items: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  purged_at: Timestamp | null;
}

/** One FTP upload, e-mail or webhook and its outcome. */
export interface DeliveryTable {
  id: string;
  user_id: string;
  file_id: string | null;
  dump_id: string | null;
  feed_run_id: string | null;
  /** ftp, email or webhook */
  channel: string;
  target: string;
  /** pending, succeeded, failed or skipped (not sent, with the reason in last_error) */
  status: string;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The deliver or notify job carrying this delivery; "Retry delivery now" moves it. */
  job_id: Generated<string | null>;
  /** When the next retry is due while the delivery is retrying. */
  next_attempt_at: Generated<Timestamp | null>;
}

/** One try of a delivery: when, delivered or failed, and the reason a subscriber can act on. */
export interface DeliveryAttemptTable {
  id: string;
  delivery_id: string;
  attempted_at: Timestamp;
  /** delivered or failed */
  outcome: string;
  error: string | null;
}

/** The data pipeline's incidents ("snowflake incidents" in the admin panel). */
export interface PipelineIncidentTable {
  id: string;
  created_at: Timestamp;
  /** info, warning, error or critical */
  severity: string;
  message: string;
  stacktrace: string;
  /** JSON */
  additional_data: string;
  /** What the incident is about, when it is about a delivery, run, feed or dump. */
  owner_id: Generated<string | null>;
  feed_id: Generated<string | null>;
  dump_id: Generated<string | null>;
  feed_run_id: Generated<string | null>;
}

/** The generated data catalog (app/modules/catalog): one row, what was seeded and how often it advanced. */
export interface CatalogStateTable {
  id: number;
  /** Generator version and sizes: seeding again with the same signature does nothing. */
  signature: string;
  series_count: number;
  company_count: number;
  document_count: number;
  advance_count: Generated<number>;
  seeded_at: Timestamp;
  advanced_at: Timestamp | null;
}

/**
 * One row (id 1): moves whenever a series is added, removed or changed (triggers of migration 0032), so a process
 * knows when the series it keeps in memory for keyword searches are out of date.
 */
export interface CatalogSeriesVersionTable {
  id: number;
  version: number;
}

/** Codes refer to the catalog dictionaries; dates are YYYY-MM-DD text on both dialects. */
export interface CatalogSeriesTable {
  id: string;
  name: string;
  frequency: string;
  unit: string;
  country: string;
  region: string;
  indicator: string;
  source: string;
  database_id: string;
  topic_id: string;
  section_id: string;
  table_id: string;
  start_date: string;
  end_date: string;
  created_at: Timestamp;
  last_update: Timestamp;
  is_key: number;
  /** active or discontinued */
  status: string;
  /** Lower-cased id, name, indicator, unit, source and table for keyword search. */
  search_text: string;
}

export interface CatalogSeriesPointsTable {
  series_id: string;
  /** JSON array of StoredPoint (generator.ts): the whole history with its revisions. */
  points: string;
  /** JSON array of `{date, value}`: the latest value of each date of `points`, as a dump of points as published writes it. */
  latest_json: string;
}

/** List columns are JSON arrays. */
export interface CatalogCompanyTable {
  id: string;
  name: string;
  country: string;
  region: string;
  city: string;
  address: string;
  type: string;
  main_industry: string;
  secondary_industries: string;
  isic: string;
  legal_form: string;
  local_legal_form: string;
  status: string;
  employees: number;
  description: string;
  products: string;
  executives: string;
  shareholders: string;
  subsidiaries: string;
  auditors: string;
  owner_name: string | null;
  owner_citizenship: string | null;
  owner_birth_date: string | null;
  import_countries: string;
  export_countries: string;
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CatalogStatementsTable {
  company_id: string;
  /** JSON array of StoredStatement (generator.ts). */
  statements: string;
}

export interface CatalogDocumentTable {
  id: string;
  title: string;
  summary: string;
  country: string;
  language: string;
  format: string;
  industry: string;
  publication_type: string;
  source: string;
  topic: string;
  search_text: string;
  published_at: Timestamp;
  updated_at: Timestamp;
}

/** Each running process, web server or worker, says it is alive; /healthz wants a worker seen recently. */
export interface InstanceTable {
  /** host:pid:random, so the web server and the embedded worker of one process share a prefix. */
  id: string;
  /** web or worker */
  kind: string;
  /** package.json's version and the git commit, as far as the process could tell. */
  version: string | null;
  started_at: Timestamp;
  seen_at: Timestamp;
}

/** The version stamp of a documentation set's specification, moved by each reload; every process follows it. */
export interface SpecVersionTable {
  set_id: string;
  version: number;
  reloaded_at: Timestamp;
  /** The admin's username. */
  reloaded_by: string;
}

/** An admin action that changed something (SPEC.md section 5: the admin's powers), for the audit trail. */
export interface AdminActionTable {
  id: string;
  created_at: Timestamp;
  admin_id: string;
  admin_username: string;
  /** What was done, one of AdminActionKind. */
  action: string;
  /** Whose item it was, when it belongs to a user. */
  owner_username: string | null;
  /** What it was done to: a feed or dump id, a documentation set. */
  target: string;
  /** More about it, as JSON (a feed's name, a reload's outcome). */
  details: string;
}

/** A sandbox trial key (issue 14): issued when a registration's access link is followed, valid 7 days. */
export interface TrialKeyTable {
  id: string;
  /** The sandbox registration it was issued for. */
  registration_id: string;
  /** SHA-256 of the key; the key is shown once and never stored. */
  key_hash: string;
  hint: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** A sandbox registration (issue 14): the form's fields and its e-mailed access link, valid 7 days. */
export interface SandboxRegistrationTable {
  id: string;
  created_at: Timestamp;
  name: string;
  surname: string;
  company_name: string;
  job_title: string;
  email: string;
  country: string;
  message: string | null;
  /** 1: consent to store the personal data of the form (required to register). */
  consent: number;
  /** 1: news and offers wanted. */
  offers: number;
  /** The language of the page registered on: the e-mail and its link speak it. */
  language: string;
  /** SHA-256 of the access link's token; the token itself is only in the e-mail. */
  token_hash: string;
  link_expires_at: Timestamp;
  /** When the link issued its one trial key; null until then. */
  key_issued_at: Timestamp | null;
}

/** The API key generated in a browser session (issue 14), sealed to that session and deleted with it. */
export interface SessionApiKeyTable {
  /** The session's id_hash; the row goes when the session row goes (foreign key, cascade). */
  session_id_hash: string;
  platform: string;
  /** sealBoundSecret(key, session id and platform): never the key in clear. */
  sealed_key: string;
  created_at: Timestamp;
}

/** A fund flows bearer session opened with POST /Session; the token is stored as its SHA-256. */
export interface DataApiSessionTable {
  token_hash: string;
  user_id: string;
  /** The API key the session was opened with instead of the password; replacing it ends the session. */
  api_key_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A filter, dump, feed, cursor, report or file access created through a data API (body is JSON). */
export interface DataApiRecordTable {
  /** Decimal digits: the specs number these objects. */
  id: string;
  set_id: string;
  kind: string;
  owner_id: string;
  /** A second key to find the record by: a cursor's current id, an accessed document's id. */
  ref: string | null;
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A key of the provider's own systems for the provisioning API under /api/admin/ (issue 26). */
export interface AdminApiKeyTable {
  id: string;
  name: string;
  /** read or write (write includes read) */
  scope: string;
  /** SHA-256 of the key; the key is shown once and never stored. */
  key_hash: string;
  /** First and last characters, for the masked display. */
  hint: string;
  /** The admin who created it: the actor of its calls in the audit trail. */
  created_by: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A reminder e-mail sent before a subscription's end date: once per subscription, end date and threshold. */
export interface SubscriptionReminderTable {
  subscription_id: string;
  ends_at: Timestamp;
  /** 14 or 1: how many days before the end date it is due. */
  threshold_days: number;
  sent_at: Timestamp;
}

/** An SFTP server's host key as first seen by a feed's or dump's delivery (issue 27). */
export interface SftpHostKeyTable {
  /** The feed's or the dump's id. */
  source_id: string;
  /** The host as the subscriber wrote it, lower-cased, and the port. */
  host: string;
  port: number;
  /** "SHA256:...", as OpenSSH prints it. */
  fingerprint: string;
  recorded_at: Timestamp;
}

/** An invitation to set a password, mailed when an admin creates a user (issue 26). */
export interface InvitationTable {
  id: string;
  user_id: string;
  /** SHA-256 of the mailed token. */
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** The admin who sent it; null when that admin is gone. */
  created_by: string | null;
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
  rate_limits: RateLimitTable;
  catalog_state: CatalogStateTable;
  catalog_series_version: CatalogSeriesVersionTable;
  catalog_series: CatalogSeriesTable;
  catalog_series_points: CatalogSeriesPointsTable;
  catalog_companies: CatalogCompanyTable;
  catalog_statements: CatalogStatementsTable;
  catalog_documents: CatalogDocumentTable;
  jobs: JobTable;
  feeds: FeedTable;
  dumps: DumpTable;
  feed_runs: FeedRunTable;
  files: FileTable;
  deliveries: DeliveryTable;
  pipeline_incidents: PipelineIncidentTable;
  instances: InstanceTable;
  spec_versions: SpecVersionTable;
  admin_actions: AdminActionTable;
  trial_keys: TrialKeyTable;
  sandbox_registrations: SandboxRegistrationTable;
  session_api_keys: SessionApiKeyTable;
  data_api_sessions: DataApiSessionTable;
  data_api_records: DataApiRecordTable;
  admin_api_keys: AdminApiKeyTable;
  subscription_reminders: SubscriptionReminderTable;
  invitations: InvitationTable;
  webhook_secrets: WebhookSecretTable;
  sftp_host_keys: SftpHostKeyTable;
  delivery_attempts: DeliveryAttemptTable;
  notification_addresses: NotificationAddressTable;
  api_call_log: ApiCallLogTable;
  api_usage_daily: ApiUsageDailyTable;
}

/**
 * One data-API call (issue 29). `account` is the caller's limit key: `account:{user id}`, `trial:{registration id}`,
 * or `anonymous` for a call refused before anyone was known. `query` has its secrets replaced; `client_address` is
 * truncated (IPv4 /24, IPv6 /48).
 */
export interface ApiCallLogTable {
  request_id: string;
  at: Timestamp;
  account: string;
  key_id: string | null;
  set_id: string;
  operation: string;
  method: string;
  path_template: string;
  path: string;
  query: string;
  status: number;
  latency_ms: number;
  response_bytes: number;
  client_address: string;
  user_agent: string;
  error: string | null;
}

/** Calls per UTC day (YYYY-MM-DD), account, set, operation and status class (2xx, 4xx, 429, 5xx). */
export interface ApiUsageDailyTable {
  day: string;
  account: string;
  set_id: string;
  operation: string;
  status_class: string;
  calls: number;
  latency_ms_total: number;
}

/** A subscriber's webhook signing secret (whsec_…), sealed; the previous one signs too until previous_expires_at. */
export interface WebhookSecretTable {
  user_id: string;
  secret_sealed: string;
  previous_sealed: string | null;
  previous_expires_at: Timestamp | null;
  created_at: Timestamp;
  rotated_at: Timestamp | null;
}

/** A notification e-mail address other than the account's own, and whether its confirmation link was followed. */
export interface NotificationAddressTable {
  id: string;
  user_id: string;
  /** Lower case. */
  address: string;
  /** The language of the confirmation mail: en or zh. */
  language: string;
  /** SHA-256 of the link's token; null before the mail is sent and once confirmed. */
  token_hash: string | null;
  requested_at: Timestamp;
  confirmed_at: Timestamp | null;
}
