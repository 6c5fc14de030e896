import { sql } from "kysely";
import { db } from "~/modules/db/db.server";
import { env } from "~/modules/env/env.server";
import { jsonResponse } from "~/modules/forms/json.server";
import { workerAlive } from "~/modules/jobs/worker.server";

/**
 * 200 {"ok":true} once the database answers and the worker is alive (DESIGN.md section 7); 503 before.
 * With WORKER=off the workers are separate processes and the web process does not wait for them.
 */
export async function loader() {
  try {
    await sql`select 1`.execute(db);
    if (env.WORKER === "embedded" && !(await workerAlive())) return jsonResponse({ ok: false }, 503);
    return jsonResponse({ ok: true });
  } catch {
    return jsonResponse({ ok: false }, 503);
  }
}
