import { z } from "zod";
import { requiredChoice, requiredText } from "~/modules/forms/fields";

/** read: GET only; write: every method of the provisioning API (write includes read). */
export const adminApiKeyScopes = ["read", "write"] as const;
export type AdminApiKeyScope = (typeof adminApiKeyScopes)[number];

/** The admin page's form and POST /api/admin/api-keys alike. */
export const adminApiKeySchema = z.object({
  name: requiredText(100),
  scope: requiredChoice(adminApiKeyScopes),
});

/** Random bytes after the `adk_` prefix: 256 bits, as many as a session id. */
export const ADMIN_API_KEY_RANDOM_BYTES = 32;
export const ADMIN_API_KEY_PREFIX = "adk_";

/** `adk_` and 43 characters of unpadded base64url. */
const ADMIN_API_KEY_SHAPE = new RegExp(`^${ADMIN_API_KEY_PREFIX}[A-Za-z0-9_-]{${Math.ceil((ADMIN_API_KEY_RANDOM_BYTES * 4) / 3)}}$`);

export function isAdminApiKeyShape(value: string): boolean {
  return ADMIN_API_KEY_SHAPE.test(value);
}

/** What an admin, and GET /api/admin/api-keys, see of a key: never the key itself. */
export interface AdminApiKeySummary {
  id: string;
  name: string;
  scope: AdminApiKeyScope;
  /** First and last characters (adk_4oyu…8tdb). */
  hint: string;
  createdAt: string;
  /** The username of the admin who created it. */
  createdBy: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  state: "active" | "revoked";
}

/** The scope a request needs: a read key may GET (and HEAD); every other method writes. */
export function scopeOfMethod(method: string): AdminApiKeyScope {
  return method === "GET" || method === "HEAD" ? "read" : "write";
}

/** A key that may do what `needed` asks: a write key may read too. */
export function scopeAllows(scope: AdminApiKeyScope, needed: AdminApiKeyScope): boolean {
  return scope === "write" || needed === "read";
}
