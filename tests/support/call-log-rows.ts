import type { Insertable } from "kysely";
import type { ApiCallLogTable } from "../../app/modules/db/schema";

type CallLogRow = Insertable<ApiCallLogTable>;

/**
 * A row of the call log as the recorder writes it (usage/recorder.server.ts): a macroeconomic series search answered
 * 200, with whatever a test looks at given.
 */
export function searchCallRow(fields: Pick<CallLogRow, "request_id" | "at" | "account"> & Partial<CallLogRow>): CallLogRow {
  return {
    key_id: null,
    set_id: "macroeconomic",
    operation: "searchSeries",
    method: "GET",
    path_template: "/series/search",
    path: "/series/search",
    query: "",
    status: 200,
    latency_ms: 5,
    response_bytes: 10,
    client_address: "unknown",
    user_agent: "",
    error: null,
    ...fields,
  };
}
