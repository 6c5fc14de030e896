import { toCsv } from "~/modules/sandbox/leads-csv";
import type { UsageCall, UsageDay } from "~/modules/usage/usage.server";

/** The call log as CSV, one row a call, the columns the log page shows and the detail adds. */
export function callsCsv(calls: readonly UsageCall[]): string {
  return toCsv(
    [
      "time",
      "request_id",
      "account",
      "set",
      "operation",
      "method",
      "path",
      "query",
      "status",
      "latency_ms",
      "response_bytes",
      "client_address",
      "user_agent",
      "error",
    ],
    calls.map((call) => [
      call.time,
      call.requestId,
      call.account,
      call.set,
      call.operation,
      call.method,
      call.path,
      call.query,
      call.status,
      call.latencyMs,
      call.responseBytes,
      call.clientAddress,
      call.userAgent,
      call.error,
    ]),
  );
}

/** The daily totals as CSV, one row a day, as the chart splits them. */
export function daysCsv(days: readonly UsageDay[]): string {
  return toCsv(
    ["day", "calls", "success", "client_errors", "rate_limited", "server_errors"],
    days.map((day) => [day.day, day.calls, day.success, day.clientErrors, day.rateLimited, day.serverErrors]),
  );
}
