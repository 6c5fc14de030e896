import { recordAdminAction } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { adminApiKeyScopes, type AdminApiKeyScope, type AdminApiKeySummary } from "./admin-api-keys";
import { hashAdminApiKey, mintAdminApiKey } from "./key-material.server";

/**
 * Admin API keys: the provider's own systems (a CRM, a billing system) call the provisioning API under /api/admin/
 * with one. A key is shown once when created and stored as its SHA-256 only; it acts for the admin who created it.
 */

type Actor = Pick<CurrentUser, "id" | "username">;

/** A new key, shown once: the caller answers it to the admin and forgets it. */
export async function createAdminApiKey(
  admin: Actor,
  input: { name: string; scope: AdminApiKeyScope },
): Promise<{ id: string; key: string }> {
  const id = newId();
  const { key, keyHash, hint } = mintAdminApiKey();
  await db
    .insertInto("admin_api_keys")
    .values({ id, name: input.name, scope: input.scope, key_hash: keyHash, hint, created_by: admin.id, created_at: nowIso() })
    .execute();
  await recordAdminAction(admin, {
    action: "admin-api-key-create",
    target: `${input.name} (${hint})`,
    details: { id, scope: input.scope },
  });
  return { id, key };
}

function readScope(stored: string): AdminApiKeyScope {
  return (adminApiKeyScopes as readonly string[]).includes(stored) ? (stored as AdminApiKeyScope) : "read";
}

function summaryQuery() {
  return db
    .selectFrom("admin_api_keys")
    .innerJoin("users", "users.id", "admin_api_keys.created_by")
    .select([
      "admin_api_keys.id",
      "admin_api_keys.name",
      "admin_api_keys.scope",
      "admin_api_keys.hint",
      "admin_api_keys.created_at",
      "admin_api_keys.last_used_at",
      "admin_api_keys.revoked_at",
      "users.username",
    ]);
}

function summary(row: Awaited<ReturnType<ReturnType<typeof summaryQuery>["executeTakeFirstOrThrow"]>>): AdminApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    scope: readScope(row.scope),
    hint: row.hint,
    createdAt: row.created_at,
    createdBy: row.username,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
    state: row.revoked_at === null ? "active" : "revoked",
  };
}

/** Every key, the working ones first, newest first. */
export async function listAdminApiKeys(): Promise<AdminApiKeySummary[]> {
  const rows = await summaryQuery().orderBy("admin_api_keys.created_at", "desc").orderBy("admin_api_keys.id", "desc").execute();
  return rows.map(summary).sort((a, b) => Number(a.state === "revoked") - Number(b.state === "revoked"));
}

/**
 * Revokes the key at once; revoking a revoked key changes nothing. Null for an unknown id. `details` names the
 * admin API key the revocation came with, if any (provisioningDetails).
 */
export async function revokeAdminApiKey(
  admin: Actor,
  id: string,
  details: Record<string, string> = {},
): Promise<AdminApiKeySummary | null> {
  const revoked = await db
    .updateTable("admin_api_keys")
    .set({ revoked_at: nowIso() })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  const row = await summaryQuery().where("admin_api_keys.id", "=", id).executeTakeFirst();
  if (!row) return null;
  if (revoked.numUpdatedRows > 0n) {
    await recordAdminAction(admin, { action: "admin-api-key-revoke", target: `${row.name} (${row.hint})`, details: { id, ...details } });
  }
  return summary(row);
}

/** last_used_at is written at most once a minute per key: a busy integration costs no write per call. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The unrevoked key with this value, or null; notes its use. */
export async function findActiveAdminApiKey(
  key: string,
): Promise<{ id: string; name: string; scope: AdminApiKeyScope; createdBy: string } | null> {
  const row = await db
    .selectFrom("admin_api_keys")
    .select(["id", "name", "scope", "created_by", "last_used_at"])
    .where("key_hash", "=", hashAdminApiKey(key))
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  if (row.last_used_at === null || now - Date.parse(row.last_used_at) >= LAST_USED_RESOLUTION_MS) {
    // Conditional on the value read, so concurrent calls with one key write once.
    await db
      .updateTable("admin_api_keys")
      .set({ last_used_at: nowIso(new Date(now)) })
      .where("id", "=", row.id)
      .where((eb) => (row.last_used_at === null ? eb("last_used_at", "is", null) : eb("last_used_at", "=", row.last_used_at)))
      .execute();
  }
  return { id: row.id, name: row.name, scope: readScope(row.scope), createdBy: row.created_by };
}
