import type { Selectable } from "kysely";
import { db } from "~/modules/db/db.server";
import { endOf, startOf } from "~/modules/db/moments";
import type { ApiCallLogTable } from "~/modules/db/schema";
import type { CallRecord, StatusClass } from "./call-record";
import { percentile } from "./percentile";
import { daysBetween, usageRange, type UsageQuery } from "./usage-query";

/**
 * Whose calls a question covers: one account's (a subscriber's own, a trial key's, or the one an admin picked) or
 * everyone's (`account` absent: admins only), over some sets (a platform's) or all.
 */
export interface UsageScope {
  account?: string;
  sets?: readonly string[];
}

/** One day of the chart: its calls split by status class. */
export interface UsageDay {
  day: string;
  calls: number;
  success: number;
  clientErrors: number;
  rateLimited: number;
  serverErrors: number;
}

/** One logged call as the usage page and GET /api/usage show it: the record as kept, its time as ISO text, no key id. */
export type UsageCall = Omit<CallRecord, "at" | "keyId"> & { time: string };

const classField: Record<StatusClass, keyof Omit<UsageDay, "day" | "calls">> = {
  "2xx": "success",
  "4xx": "clientErrors",
  "429": "rateLimited",
  "5xx": "serverErrors",
};

/** The daily totals of the scope over the days. */
function dailyIn(scope: UsageScope, from: string, to: string) {
  let select = db.selectFrom("api_usage_daily").where("day", ">=", from).where("day", "<=", to);
  if (scope.account !== undefined) select = select.where("account", "=", scope.account);
  if (scope.sets) select = select.where("set_id", "in", scope.sets.length > 0 ? [...scope.sets] : [""]);
  return select;
}

/** The logged calls of the scope from the start of one day to the end of another. */
function logIn(scope: UsageScope, from: string, to: string) {
  let select = db.selectFrom("api_call_log").where("at", ">=", startOf(from)).where("at", "<=", endOf(to));
  if (scope.account !== undefined) select = select.where("account", "=", scope.account);
  if (scope.sets) select = select.where("set_id", "in", scope.sets.length > 0 ? [...scope.sets] : [""]);
  return select;
}

/** The account's calls per day over the range, every day listed (zero when it made none), from the daily totals. */
async function usageDays(scope: UsageScope, from: string, to: string): Promise<UsageDay[]> {
  const rows = await dailyIn(scope, from, to)
    .select(["day", "status_class", (eb) => eb.fn.sum<number | string>("calls").as("calls")])
    .groupBy(["day", "status_class"])
    .execute();
  const days = new Map(
    daysBetween(from, to).map((day) => [day, { day, calls: 0, success: 0, clientErrors: 0, rateLimited: 0, serverErrors: 0 }]),
  );
  for (const row of rows) {
    const entry = days.get(row.day);
    const field = classField[row.status_class as StatusClass];
    if (!entry || !field) continue;
    entry[field] += Number(row.calls);
    entry.calls += Number(row.calls);
  }
  return [...days.values()];
}

/** The account's calls, newest first, filtered as the query says. */
async function usageCalls(scope: UsageScope, query: UsageQuery, from: string, to: string): Promise<UsageCall[]> {
  let select = logIn(scope, from, to).selectAll();
  if (query.requestId) select = select.where("request_id", "=", query.requestId);
  if (query.operation) select = select.where("operation", "=", query.operation);
  const status = query.status;
  if (status === "2xx") select = select.where("status", "<", 400);
  else if (status === "4xx") select = select.where("status", ">=", 400).where("status", "<", 500).where("status", "<>", 429);
  else if (status === "5xx") select = select.where("status", ">=", 500);
  else if (status) select = select.where("status", "=", Number(status));
  const rows = await select.orderBy("at", "desc").orderBy("request_id").limit(query.limit).execute();
  return rows.map(callOf);
}

function callOf(row: Selectable<ApiCallLogTable>): UsageCall {
  return {
    requestId: row.request_id,
    account: row.account,
    time: new Date(row.at).toISOString(),
    set: row.set_id,
    operation: row.operation,
    method: row.method,
    pathTemplate: row.path_template,
    path: row.path,
    query: row.query,
    status: row.status,
    latencyMs: row.latency_ms,
    responseBytes: row.response_bytes,
    clientAddress: row.client_address,
    userAgent: row.user_agent,
    error: row.error,
  };
}

/** What GET /api/usage and the usage page show an account: its days and its calls over the query's range. */
export async function usageReport(scope: UsageScope, query: UsageQuery, now: Date = new Date()) {
  const { from, to } = usageRange(query, now);
  const [days, calls] = await Promise.all([usageDays(scope, from, to), usageCalls(scope, query, from, to)]);
  return { from, to, days, calls };
}

/** Calls and latency of one operation over a range. */
export interface OperationUsage {
  set: string;
  operation: string;
  calls: number;
  errors: number;
  p50: number | null;
  p95: number | null;
}

/**
 * Calls, errors and p50/p95 latency per operation over the range, from the call log (the daily totals keep sums
 * only, and a percentile needs every latency), busiest first.
 */
export async function operationUsage(scope: UsageScope, from: string, to: string): Promise<OperationUsage[]> {
  const rows = await logIn(scope, from, to).select(["set_id", "operation", "status", "latency_ms"]).execute();
  const groups = new Map<string, { set: string; operation: string; errors: number; latencies: number[] }>();
  for (const row of rows) {
    const key = `${row.set_id} ${row.operation}`;
    const group = groups.get(key) ?? { set: row.set_id, operation: row.operation, errors: 0, latencies: [] };
    group.latencies.push(Number(row.latency_ms));
    if (Number(row.status) >= 400) group.errors += 1;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => ({
      set: group.set,
      operation: group.operation,
      calls: group.latencies.length,
      errors: group.errors,
      p50: percentile(group.latencies, 50),
      p95: percentile(group.latencies, 95),
    }))
    .sort((a, b) => b.calls - a.calls || a.operation.localeCompare(b.operation));
}

/** An account or an operation among the busiest: its calls, client and server errors, and 429s. */
export interface TopEntry {
  name: string;
  set?: string;
  calls: number;
  errors: number;
  rateLimited: number;
}

const TOP = 10;

/** The busiest accounts and operations over the range, from the daily totals (admins' view). */
export async function topUsage(scope: UsageScope, from: string, to: string): Promise<{ accounts: TopEntry[]; operations: TopEntry[] }> {
  const rows = await dailyIn(scope, from, to)
    .select(["account", "set_id", "operation", "status_class", (eb) => eb.fn.sum<number | string>("calls").as("calls")])
    .groupBy(["account", "set_id", "operation", "status_class"])
    .execute();
  const accounts = new Map<string, TopEntry>();
  const operations = new Map<string, TopEntry>();
  const add = (map: Map<string, TopEntry>, key: string, fresh: TopEntry, statusClassOf: string, calls: number) => {
    const entry = map.get(key) ?? fresh;
    entry.calls += calls;
    if (statusClassOf === "429") entry.rateLimited += calls;
    else if (statusClassOf !== "2xx") entry.errors += calls;
    map.set(key, entry);
  };
  for (const row of rows) {
    const calls = Number(row.calls);
    add(accounts, row.account, { name: row.account, calls: 0, errors: 0, rateLimited: 0 }, row.status_class, calls);
    const operation = { name: row.operation, set: row.set_id, calls: 0, errors: 0, rateLimited: 0 };
    add(operations, `${row.set_id} ${row.operation}`, operation, row.status_class, calls);
  }
  const busiest = (map: Map<string, TopEntry>) =>
    [...map.values()].sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name)).slice(0, TOP);
  return { accounts: busiest(accounts), operations: busiest(operations) };
}

/** One logged call of the scope by its request id, or null: another account's call is as absent as an unknown one. */
export async function usageCall(scope: UsageScope, requestId: string): Promise<UsageCall | null> {
  let select = db.selectFrom("api_call_log").selectAll().where("request_id", "=", requestId);
  if (scope.account !== undefined) select = select.where("account", "=", scope.account);
  if (scope.sets) select = select.where("set_id", "in", scope.sets.length > 0 ? [...scope.sets] : [""]);
  const row = await select.executeTakeFirst();
  return row ? callOf(row) : null;
}
