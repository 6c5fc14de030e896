import { z } from "zod";

/**
 * What the audit trail records of an admin: every change, and every read of what could open someone's account or
 * data (an outbox message, a token's owner, a subscriber's file). The dashboard labels each (admin.audit.actions.*).
 */
export const adminActionKinds = [
  "spec-reload",
  "feed-create",
  "feed-edit",
  "feed-activate",
  "feed-deactivate",
  "feed-delete",
  "feed-recover",
  "feed-run",
  "dump-create",
  "dump-cancel",
  "outbox-read",
  "token-decode",
  "file-download",
  "admin-api-key-create",
  "admin-api-key-revoke",
  "sandbox-leads-export",
  "user-create",
  "user-invite",
  "user-invite-revoke",
  "user-edit",
  "user-lock",
  "user-unlock",
  "user-reset",
  "user-sessions-end",
  "user-key-revoke",
  "subscription-put",
  "subscription-end",
  "delivery-retry",
] as const;

export type AdminActionKind = (typeof adminActionKinds)[number];

export interface AdminActionEntry {
  id: string;
  created: string;
  /** The admin's username. */
  admin: string;
  action: string;
  /** Whose item it was. */
  owner: string | null;
  target: string;
  details: Record<string, string | number | boolean | null>;
}

const detailsSchema = z.record(z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** The stored details column; a row written by hand that is not such an object reads as none. */
export function readAdminActionDetails(stored: string): AdminActionEntry["details"] {
  try {
    const parsed = detailsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
