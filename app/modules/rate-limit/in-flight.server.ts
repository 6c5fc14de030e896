import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";

/**
 * "Calls must be sequential" (SPEC.md, the data API specs): one call per caller at a time, across every
 * instance. A call takes the caller's row in data_api_calls; a second call that starts while the row is held
 * is refused. The row expires on its own (`holdMs`) so a crashed instance cannot block a key for long.
 */

export interface InFlightCall {
  release(): Promise<void>;
}

/** Takes the caller's slot, or answers null when another call of the caller is still in flight. */
export async function startCall(caller: string, holdMs: number, now = new Date()): Promise<InFlightCall | null> {
  const callId = newId();
  const expiresAt = nowIso(new Date(now.getTime() + holdMs));
  // Inserts the row, or takes over one whose call expired; a live row of another call stays as it is.
  await db
    .insertInto("data_api_calls")
    .values({ caller, call_id: callId, expires_at: expiresAt })
    .onConflict((conflict) =>
      conflict
        .column("caller")
        .doUpdateSet({ call_id: callId, expires_at: expiresAt })
        .where("data_api_calls.expires_at", "<=", nowIso(now)),
    )
    .execute();
  const held = await db.selectFrom("data_api_calls").select("call_id").where("caller", "=", caller).executeTakeFirst();
  if (held?.call_id !== callId) return null;
  return {
    async release() {
      await db.deleteFrom("data_api_calls").where("caller", "=", caller).where("call_id", "=", callId).execute();
    },
  };
}
