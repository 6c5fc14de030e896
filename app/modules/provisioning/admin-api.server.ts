import { requireApiAdmin } from "~/modules/auth/guards.server";
import { loadCurrentUser, type CurrentUser } from "~/modules/auth/users.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { platforms } from "~/modules/registry/registry";
import { ADMIN_API_KEY_PREFIX, isAdminApiKeyShape, scopeAllows, scopeOfMethod, type AdminApiKeyScope } from "./admin-api-keys";
import { findActiveAdminApiKey } from "./admin-api-keys.server";

/**
 * Who calls the provisioning API: a signed-in admin (cookie or session bearer token), or an admin API key, which
 * acts for the admin who created it. `key` names the key for the audit trail; null for a session.
 */
export interface AdminApiActor {
  admin: CurrentUser;
  key: { id: string; name: string } | null;
}

/** Keys authenticate under this prefix only; anywhere else an `adk_` bearer is a bad session token like any other. */
const ADMIN_API_PATH = "/api/admin/";

function jsonError(error: string, status: number): Response {
  return Response.json({ error }, { status });
}

function bearerAdminApiKey(request: Request): string | null {
  const authorization = request.headers.get("Authorization");
  if (!authorization?.startsWith("Bearer ")) return null;
  const token = authorization.slice(7).trim();
  return token.startsWith(ADMIN_API_KEY_PREFIX) ? token : null;
}

/**
 * The provisioning API's guard: an admin session passes for any scope (as requireApiAdmin: 401 without one, 403
 * for a non-admin); an admin API key passes under /api/admin/ when unrevoked (401 otherwise, also when its creator
 * is no longer an admin or is locked) and when its scope allows `scope` (403 for a read key writing).
 */
export async function requireAdminApi(request: Request, scope: AdminApiKeyScope): Promise<AdminApiActor> {
  const key = bearerAdminApiKey(request);
  if (key === null || !new URL(request.url).pathname.startsWith(ADMIN_API_PATH))
    return { admin: await requireApiAdmin(request), key: null };
  const t = await getFixedT(request);
  const found = isAdminApiKeyShape(key) ? await findActiveAdminApiKey(key) : null;
  // A key call has no sign-in platform; the first one stands in, as it does for nothing the API answers.
  const admin = found ? await loadCurrentUser(found.createdBy, platforms[0]) : null;
  if (!found || !admin?.isAdmin) throw jsonError(t("admin.apiKeys.invalidKey"), 401);
  if (!scopeAllows(found.scope, scope)) throw jsonError(t("admin.apiKeys.readOnly"), 403);
  return { admin, key: { id: found.id, name: found.name } };
}

/**
 * What an audited action's details add for a call made with an admin API key: `apiKey` (its name) and `apiKeyId`;
 * nothing for a session. The action's admin is the actor's admin (the key's creator):
 * `recordAdminAction(actor.admin, { action, target, details: { ...changes, ...actorDetails(actor) } })`.
 */
export function actorDetails(actor: AdminApiActor): Record<string, string> {
  return actor.key ? { apiKey: actor.key.name, apiKeyId: actor.key.id } : {};
}

/**
 * requireAdminApi with the scope the request's method needs, its admin as the actor of a change: the accounts
 * module's functions audit it with `auditDetails` (the admin API key of the call, if any) beside what changed.
 */
export async function requireAdminApiActor(request: Request): Promise<CurrentUser & { auditDetails: Record<string, string> }> {
  const actor = await requireAdminApi(request, scopeOfMethod(request.method));
  return { ...actor.admin, auditDetails: actorDetails(actor) };
}
