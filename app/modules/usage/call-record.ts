import { randomBytes } from "node:crypto";
import ipaddr from "ipaddr.js";
import { redactSecrets } from "~/modules/secrets/redact";

/**
 * What the portal keeps of one data-API call (issue 29), built from the request and its answer. Pure: the recorder
 * (recorder.server.ts) writes these in batches off the request's path.
 */
export interface CallRecord {
  requestId: string;
  at: Date;
  /** The caller's limit key (`account:{id}`, `trial:{id}`), or `anonymous` when the call was refused before that. */
  account: string;
  keyId: string | null;
  set: string;
  operation: string;
  method: string;
  pathTemplate: string;
  path: string;
  query: string;
  status: number;
  latencyMs: number;
  responseBytes: number;
  clientAddress: string;
  userAgent: string;
  error: string | null;
}

/** A user's calls, by any key or session of theirs: the call rule's budget and the call log's account. */
export function accountOf(userId: string): string {
  return `account:${userId}`;
}

/** The caller nobody knows yet: a call refused by its path, its method or its credentials. */
export const ANONYMOUS = "anonymous";

/** `req_` and 24 base32 characters (120 random bits): unguessable, easy to read out over the phone. */
export function newRequestId(): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  const bytes = randomBytes(24);
  return `req_${[...bytes].map((byte) => alphabet[byte & 31]).join("")}`;
}

export const REQUEST_ID_PATTERN = /^req_[a-z2-7]{24}$/;

/** The query as sent, credentials replaced: a key in `token` never reaches the log. */
export function loggedQuery(query: readonly (readonly [string, string])[]): string {
  const text = new URLSearchParams(query.map(([name, value]) => [name, value])).toString();
  return redactSecrets(text);
}

/**
 * The client's network, not the client: IPv4 to its /24 (`203.0.113.0`), IPv6 to its /48 (`2001:db8:1::`), so the log
 * shows where calls come from without keeping who made them. Anything else is kept as "unknown".
 */
export function truncatedAddress(address: string | null | undefined): string {
  if (!address || !ipaddr.isValid(address)) return "unknown";
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") {
    const octets = (parsed as ipaddr.IPv4).octets;
    return `${octets[0]}.${octets[1]}.${octets[2]}.0`;
  }
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3).map((part) => part.toString(16));
  return `${parts.join(":")}::`;
}

export type StatusClass = "2xx" | "4xx" | "429" | "5xx";

/** The chart's classes: success (and redirects), client errors, the rate limit's 429s, server errors. */
export function statusClass(status: number): StatusClass {
  if (status === 429) return "429";
  if (status >= 500) return "5xx";
  if (status >= 400) return "4xx";
  return "2xx";
}

/** The UTC day of a time, as the daily totals key it. */
export function usageDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A user agent as logged: one line, at most 200 characters. */
export function loggedUserAgent(userAgent: string | undefined): string {
  return (userAgent ?? "").replace(/[\r\n\t]+/g, " ").slice(0, 200);
}

export interface DailyTotal {
  day: string;
  account: string;
  set: string;
  operation: string;
  statusClass: StatusClass;
  calls: number;
  latencyMsTotal: number;
}

/** A batch of calls summed per day, account, set, operation and status class. */
export function dailyTotals(records: readonly CallRecord[]): DailyTotal[] {
  const totals = new Map<string, DailyTotal>();
  for (const record of records) {
    const total = {
      day: usageDay(record.at),
      account: record.account,
      set: record.set,
      operation: record.operation,
      statusClass: statusClass(record.status),
    };
    const key = JSON.stringify(total);
    const known = totals.get(key) ?? { ...total, calls: 0, latencyMsTotal: 0 };
    known.calls += 1;
    known.latencyMsTotal += record.latencyMs;
    totals.set(key, known);
  }
  return [...totals.values()];
}

/** Every data-API answer names its request: the call log's key, and what a subscriber quotes to support. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** The record of one answered call: the request as sent, what the server learned of it, and its answer. */
export function callRecord(call: {
  requestId: string;
  at: Date;
  set: string;
  method: string;
  path: string;
  query: readonly (readonly [string, string])[];
  clientAddress: string | undefined;
  userAgent: string | undefined;
  answer: {
    status: number;
    body: string;
    facts: { operation: string; pathTemplate: string; account: string; keyId: string | null };
  };
  latencyMs: number;
}): CallRecord {
  const { answer } = call;
  return {
    requestId: call.requestId,
    at: call.at,
    account: answer.facts.account,
    keyId: answer.facts.keyId,
    set: call.set,
    operation: answer.facts.operation || "unknown",
    method: call.method,
    pathTemplate: answer.facts.pathTemplate || "unknown",
    path: redactSecrets(call.path).slice(0, 2000),
    query: loggedQuery(call.query).slice(0, 2000),
    status: answer.status,
    latencyMs: Math.max(0, Math.round(call.latencyMs)),
    responseBytes: Buffer.byteLength(answer.body),
    clientAddress: truncatedAddress(call.clientAddress),
    userAgent: loggedUserAgent(call.userAgent),
    error: answer.status >= 400 ? errorMessageOf(answer.body) : null,
  };
}

/** The `error` text of an error body, for the log's detail; a body of another shape is kept as its first 500 characters. */
function errorMessageOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === "string") return redactSecrets(parsed.error).slice(0, 500);
  } catch {
    // Not JSON: an XML error or plain text.
  }
  return body ? redactSecrets(body).slice(0, 500) : null;
}
