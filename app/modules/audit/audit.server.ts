import type { Selectable } from "kysely";
import type { CurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import type { AdminActionTable } from "~/modules/db/schema";
import { newId, nowIso } from "~/modules/db/ids";
import { readAdminActionDetails, type AdminActionKind, type AdminActionEntry } from "./audit";

/**
 * The audit trail of the admin panel: every change an admin makes (a specification reload, a feed recovered,
 * a feed or dump created, edited, switched, deleted or cancelled, for themselves or on behalf of someone) and
 * every read of an outbox message, a token's owner or a subscriber's file is recorded with who did it, what, to
 * whose item and when. Mutations and those reads call recordAdminAction() themselves when their actor is an
 * admin, so no screen or API route can forget it.
 */

export interface AdminActionInput {
  action: AdminActionKind;
  /** The feed, dump, documentation set, outbox message or file acted on, or the hint of a decoded token. */
  target: string;
  /** The user whose item it is (null for the portal's own things, such as a specification). */
  ownerId?: string | null;
  details?: Record<string, string | number | boolean | null>;
}

export async function recordAdminAction(admin: Pick<CurrentUser, "id" | "username">, input: AdminActionInput): Promise<void> {
  const owner = input.ownerId
    ? await db.selectFrom("users").select("username").where("id", "=", input.ownerId).executeTakeFirst()
    : undefined;
  await db
    .insertInto("admin_actions")
    .values({
      id: newId(),
      created_at: nowIso(),
      admin_id: admin.id,
      admin_username: admin.username,
      action: input.action,
      owner_username: owner?.username ?? null,
      target: input.target,
      details: JSON.stringify(input.details ?? {}),
    })
    .execute();
}

/** Records the action when `actor` is an admin; a subscriber's own changes are not audited. */
export async function auditIfAdmin(actor: Pick<CurrentUser, "id" | "username" | "isAdmin">, input: AdminActionInput): Promise<void> {
  if (actor.isAdmin) await recordAdminAction(actor, input);
}

/** A stored admin action as the screens show it. */
export function adminActionEntry(row: Selectable<AdminActionTable>): AdminActionEntry {
  return {
    id: row.id,
    created: row.created_at,
    admin: row.admin_username,
    action: row.action,
    owner: row.owner_username,
    target: row.target,
    details: readAdminActionDetails(row.details),
  };
}

/** The latest admin actions, newest first. */
export async function recentAdminActions(limit = 50): Promise<AdminActionEntry[]> {
  const rows = await db.selectFrom("admin_actions").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
  return rows.map(adminActionEntry);
}
