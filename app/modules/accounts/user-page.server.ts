import { sql } from "kysely";
import type { AdminActionEntry } from "~/modules/audit/audit";
import { adminActionEntry } from "~/modules/audit/audit.server";
import { econLayout } from "~/modules/catalog/generator";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { productCatalogue } from "~/modules/registry/product-catalogue";
import { accountOf } from "~/modules/usage/call-record";
import { invitationSummary, type InvitationSummary } from "./invitations.server";
import { getUser, type UserView } from "./users-admin.server";

/** Everything the admin's user page shows of an account besides the account itself. */
export interface UserPageData {
  user: UserView;
  invitation: InvitationSummary;
  keys: { id: string; platform: string; hint: string; createdAt: string; lastUsedAt: string | null; state: string }[];
  sessions: { platform: string; createdAt: string; lastSeenAt: string | null }[];
  trials: { id: string; createdAt: string; linkExpiresAt: string; keyIssuedAt: string | null; company: string }[];
  audit: AdminActionEntry[];
  /** The admin feed and dump screens, filtered to this user. */
  itemLinks: { label: string; path: string }[];
  databases: { id: string; name: string }[];
}

const AUDIT_ROWS = 50;

export async function userPageData(id: string): Promise<UserPageData | null> {
  const user = await getUser(id);
  if (!user) return null;
  const keys = await db.selectFrom("api_keys").selectAll().where("user_id", "=", id).orderBy("created_at", "desc").execute();
  const sessions = await db
    .selectFrom("sessions")
    .select(["platform", "created_at", "last_seen_at"])
    .where("user_id", "=", id)
    .where("expires_at", ">", nowIso())
    .orderBy("created_at", "desc")
    .execute();
  const trials = await db
    .selectFrom("sandbox_registrations")
    .select(["id", "created_at", "link_expires_at", "key_issued_at", "company_name"])
    // Stored as the prospect typed it; an account's address is lower-cased.
    .where(sql<string>`lower(${sql.ref("email")})`, "=", user.email.toLowerCase())
    .orderBy("created_at", "desc")
    .execute();
  const audit = await db
    .selectFrom("admin_actions")
    .selectAll()
    .where((eb) => eb.or([eb("target", "=", id), eb("owner_username", "=", user.username)]))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(AUDIT_ROWS)
    .execute();
  return {
    user,
    invitation: await invitationSummary(id),
    keys: keys.map((key) => ({
      id: key.id,
      platform: key.platform,
      hint: key.hint,
      createdAt: key.created_at,
      lastUsedAt: key.last_used_at,
      state: key.revoked_reason ?? (user.locked ? "locked" : "active"),
    })),
    sessions: sessions.map((session) => ({ platform: session.platform, createdAt: session.created_at, lastSeenAt: session.last_seen_at })),
    trials: trials.map((trial) => ({
      id: trial.id,
      createdAt: trial.created_at,
      linkExpiresAt: trial.link_expires_at,
      keyIssuedAt: trial.key_issued_at,
      company: trial.company_name,
    })),
    audit: audit.map(adminActionEntry),
    itemLinks: [
      ...productCatalogue.flatMap((entry) =>
        entry.adminSections.map((section) => ({
          label: section.label,
          path: `/dashboard/admin/${section.slug}?username=${encodeURIComponent(user.username)}`,
        })),
      ),
      // The account's data-API calls and log on the admins' usage view.
      { label: "usagePage.userUsage", path: `/dashboard/admin/usage?account=${encodeURIComponent(accountOf(user.id))}` },
    ],
    databases: econLayout().map((database) => ({ id: database.id, name: database.name })),
  };
}
