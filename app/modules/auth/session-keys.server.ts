import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import type { Platform } from "~/modules/registry/registry";
import { openBoundSecret, sealBoundSecret } from "~/modules/secrets/secret-key.server";
import { sha256, unsign } from "./crypto.server";
import { getOptionalUser, readSessionToken } from "./session.server";

/**
 * The API key a user generated or regenerated in a browser session (issue 14). Keys are stored hashed, so the
 * query builder and the code samples of that session can only use the key if it is kept with the session: sealed
 * with the session's own id (which the database never holds, only its hash) and the platform, in a row that
 * the session's row takes with it when it ends (sign-out, expiry, idle end, account deletion: foreign key with
 * cascade).
 */

function binding(sessionId: string, platform: Platform): string {
  return `session-api-key:${platform}:${sessionId}`;
}

/** The session id of a signed-in request whose session is still alive, or null. */
async function liveSessionId(request: Request): Promise<string | null> {
  // getOptionalUser ends an expired or idle session (its key row goes with it) and answers null for it.
  if (!(await getOptionalUser(request))) return null;
  const token = readSessionToken(request);
  return token ? unsign(token) : null;
}

/** Keeps the key just generated on the platform with the request's session, replacing any key kept before. */
export async function rememberSessionKey(request: Request, platform: Platform, key: string): Promise<void> {
  const sessionId = await liveSessionId(request);
  if (!sessionId) return;
  const row = {
    session_id_hash: sha256(sessionId),
    platform,
    sealed_key: sealBoundSecret(key, binding(sessionId, platform)),
    created_at: nowIso(),
  };
  await db
    .insertInto("session_api_keys")
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(["session_id_hash", "platform"]).doUpdateSet({ sealed_key: row.sealed_key, created_at: row.created_at }),
    )
    .execute();
}

/** The key this session generated on the platform, or null (no session, none generated, or it cannot be opened). */
export async function sessionKeyFor(request: Request, platform: Platform): Promise<string | null> {
  const sessionId = await liveSessionId(request);
  if (!sessionId) return null;
  const row = await db
    .selectFrom("session_api_keys")
    .select("sealed_key")
    .where("session_id_hash", "=", sha256(sessionId))
    .where("platform", "=", platform)
    .executeTakeFirst();
  if (!row) return null;
  try {
    return openBoundSecret(row.sealed_key, binding(sessionId, platform));
  } catch {
    // Sealed under another ENCRYPTION_KEY: the builder asks for the key again instead of failing the page.
    return null;
  }
}
