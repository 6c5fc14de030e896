import { checkApiKey, type KeyHolder } from "~/modules/auth/api-keys.server";
import { databaseScopeOf, type DatabaseScope } from "~/modules/auth/database-scope.server";
import { classifyToken } from "~/modules/auth/token-shapes";
import { subscriptionsOf } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { accountOf } from "~/modules/usage/call-record";
import type { DocSetId, Platform } from "~/modules/registry/registry";
import { looksLikeTrialKey } from "~/modules/sandbox/trial-key-shape";
// Not a React hook: it redeems a trial key (and marks it used).
import { useTrialKey as redeemTrialKey } from "~/modules/sandbox/trial-keys.server";
import { bearerToken, queryToken, setAccess, type SetAccess } from "./access-rules";
import { unauthorized } from "./errors";
import { SANDBOX_DATABASES } from "./sets/sandbox-sample";
import { sessionHolder } from "./sessions.server";

/** Who is calling, once the call's key or session checked out. */
export interface Caller {
  /**
   * What the call rule counts against and the call log files the call under: the account of the API key or session
   * (every key and session of an account shares one budget, so a new key does not start a fresh one), or the trial
   * key's holder.
   */
  limitKey: string;
  /** Who owns what the call creates (filters, dumps, reports, file accesses). */
  ownerId: string;
  /** The id of the API key or trial registration the call came with (never the key); none for a session. */
  keyId: string | null;
  username: string;
  /** The macroeconomic databases the caller may read: the subscription's, or the sandbox sample's. */
  databases: DatabaseScope;
}

/** A key's last use is written at most once a minute, so a busy key does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

/** Records the key's use unless a use within the last minute is recorded already (read with the key). */
async function touchKey(holder: KeyHolder, now: Date): Promise<void> {
  const before = nowIso(new Date(now.getTime() - LAST_USED_EVERY_MS));
  if (holder.lastUsedAt !== null && holder.lastUsedAt >= before) return;
  await db
    .updateTable("api_keys")
    .set({ last_used_at: nowIso(now) })
    .where("id", "=", holder.keyId)
    .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<", before)]))
    .execute();
}

const refusals = {
  missing: "Unauthorized: the API key is missing; send it in the token query parameter.",
  unknown: "Unauthorized: the API key is invalid.",
  otherProduct: "Unauthorized: this API key belongs to another product's API.",
  replaced: "Unauthorized: the API key was replaced by a newer one.",
  ended: "Unauthorized: the API key is deactivated because its subscription has ended.",
  revoked: "Unauthorized: the API key was revoked.",
  locked: "Unauthorized: the account of this API key is locked.",
  notSubscribed: "Unauthorized: the subscription of this API key does not include this API.",
  trialKeyElsewhere: "Unauthorized: a sandbox trial key works only with the sandbox API.",
  productionKeyInSandbox: "Unauthorized: the sandbox takes the trial key from the access link, not a production key.",
  trialUnknown: "Unauthorized: the trial key is invalid or its 7 days have passed.",
  noSession: "Unauthorized: the bearer token is missing or expired; open a new session with POST /Session.",
} as const;

async function userName(userId: string): Promise<string> {
  const user = await db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
  return user?.username ?? "";
}

async function keyCaller(access: Extract<SetAccess, { kind: "api-key" }>, key: string | null, now: Date): Promise<Caller> {
  if (!key) throw unauthorized(refusals.missing);
  if (looksLikeTrialKey(key)) throw unauthorized(refusals.trialKeyElsewhere);
  const shape = classifyToken(key);
  if (shape?.kind === "api-key" && shape.platform !== access.platform) throw unauthorized(refusals.otherProduct);
  const check = await checkApiKey(access.platform, key, now);
  if (!check.valid) {
    const reasons = {
      unknown: refusals.unknown,
      replaced: refusals.replaced,
      "subscription-ended": refusals.ended,
      revoked: refusals.revoked,
      locked: refusals.locked,
    };
    throw unauthorized(reasons[check.reason]);
  }
  const { holder } = check;
  if (!subscriptionsOf(holder.subscriptions)[access.product]) throw unauthorized(refusals.notSubscribed);
  await touchKey(holder, now);
  return {
    limitKey: accountOf(holder.userId),
    ownerId: holder.userId,
    keyId: holder.keyId,
    username: holder.username,
    databases: access.platform === "econ" ? databaseScopeOf(holder.isAdmin, holder.subscriptions) : "all",
  };
}

async function trialCaller(key: string | null, now: Date): Promise<Caller> {
  if (!key) throw unauthorized(refusals.missing);
  if (classifyToken(key)?.kind === "api-key") throw unauthorized(refusals.productionKeyInSandbox);
  const holder = await redeemTrialKey(key, now);
  if (!holder) throw unauthorized(refusals.trialUnknown);
  return {
    limitKey: `trial:${holder.id}`,
    ownerId: `trial:${holder.id}`,
    keyId: holder.id,
    username: "",
    databases: [...SANDBOX_DATABASES],
  };
}

async function sessionCaller(platform: Platform, authorization: string | undefined, now: Date): Promise<Caller> {
  const token = bearerToken(authorization);
  const userId = token ? await sessionHolder(token, platform, now) : null;
  if (!userId) throw unauthorized(refusals.noSession);
  return { limitKey: accountOf(userId), ownerId: userId, keyId: null, username: await userName(userId), databases: "all" };
}

/** The caller of a secured operation of the set, or a 401 in the spec's words. */
export function authenticate(
  set: DocSetId,
  query: readonly (readonly [string, string])[],
  headers: Record<string, string>,
  now = new Date(),
): Promise<Caller> {
  const access = setAccess[set];
  if (access.kind === "trial-key") return trialCaller(queryToken(query), now);
  if (access.kind === "session") return sessionCaller(access.platform, headers.authorization, now);
  return keyCaller(access, queryToken(query), now);
}
