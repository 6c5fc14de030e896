import { db } from "~/modules/db/db.server";
import { endOf, startOf } from "~/modules/db/moments";
import type { StatusClass } from "./call-record";
import { daysBetween, usageRange, type UsageQuery } from "./usage-query";

/** One day of the chart: its calls split by status class. */
export interface UsageDay {
  day: string;
  calls: number;
  success: number;
  clientErrors: number;
  rateLimited: number;
  serverErrors: number;
}

/** One logged call as the usage page and GET /api/usage show it. */
export interface UsageCall {
  requestId: string;
  time: string;
  set: string;
  operation: string;
  method: string;
  path: string;
  query: string;
  status: number;
  latencyMs: number;
  responseBytes: number;
  clientAddress: string;
  userAgent: string;
  error: string | null;
}

const classField: Record<StatusClass, keyof Omit<UsageDay, "day" | "calls">> = {
  "2xx": "success",
  "4xx": "clientErrors",
  "429": "rateLimited",
  "5xx": "serverErrors",
};

/** The account's calls per day over the range, every day listed (zero when it made none), from the daily totals. */
async function usageDays(account: string, from: string, to: string): Promise<UsageDay[]> {
  const rows = await db
    .selectFrom("api_usage_daily")
    .select(["day", "status_class", (eb) => eb.fn.sum<number | string>("calls").as("calls")])
    .where("account", "=", account)
    .where("day", ">=", from)
    .where("day", "<=", to)
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
async function usageCalls(account: string, query: UsageQuery, from: string, to: string): Promise<UsageCall[]> {
  let select = db
    .selectFrom("api_call_log")
    .selectAll()
    .where("account", "=", account)
    .where("at", ">=", startOf(from))
    .where("at", "<=", endOf(to));
  if (query.requestId) select = select.where("request_id", "=", query.requestId);
  if (query.operation) select = select.where("operation", "=", query.operation);
  const status = query.status;
  if (status === "2xx") select = select.where("status", "<", 400);
  else if (status === "4xx") select = select.where("status", ">=", 400).where("status", "<", 500).where("status", "<>", 429);
  else if (status === "5xx") select = select.where("status", ">=", 500);
  else if (status) select = select.where("status", "=", Number(status));
  const rows = await select.orderBy("at", "desc").orderBy("request_id").limit(query.limit).execute();
  return rows.map((row) => ({
    requestId: row.request_id,
    time: new Date(row.at).toISOString(),
    set: row.set_id,
    operation: row.operation,
    method: row.method,
    path: row.path,
    query: row.query,
    status: row.status,
    latencyMs: row.latency_ms,
    responseBytes: row.response_bytes,
    clientAddress: row.client_address,
    userAgent: row.user_agent,
    error: row.error,
  }));
}

/** What GET /api/usage and the usage page show an account: its days and its calls over the query's range. */
export async function usageReport(account: string, query: UsageQuery, now: Date = new Date()) {
  const { from, to } = usageRange(query, now);
  const [days, calls] = await Promise.all([usageDays(account, from, to), usageCalls(account, query, from, to)]);
  return { from, to, days, calls };
}
