import { sql } from "kysely";
import { db } from "~/modules/db/db.server";
import { jsonResponse } from "~/modules/forms/json.server";

/** 200 {"ok":true} once the database answers (DESIGN.md section 7). */
export async function loader() {
  try {
    await sql`select 1`.execute(db);
    return jsonResponse({ ok: true });
  } catch {
    return jsonResponse({ ok: false }, 503);
  }
}
