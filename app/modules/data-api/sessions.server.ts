import { verifyApiKey } from "~/modules/auth/api-keys.server";
import { randomToken, sha256 } from "~/modules/auth/crypto.server";
import { identityProviders } from "~/modules/auth/identity.server";
import { accountPolicy, loginThrottleKeys } from "~/modules/auth/login.server";
import { platformProducts } from "~/modules/auth/platforms";
import { classifyToken } from "~/modules/auth/token-shapes";
import { activeSubscriptions } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { clearRateLimit, startProgressiveAttempt } from "~/modules/rate-limit/rate-limit.server";
import type { Platform } from "~/modules/registry/registry";
import { tooManyRequests, unauthorized } from "./errors";

/**
 * Fund flows' sessions (POST /Session): the platform username (the account's e-mail or username) and a
 * password, answered with a bearer token valid for an hour. The password is the account's own, or its active
 * API key of the platform, so scripts need not keep the account password. Failed attempts count against the
 * account like failed sign-ins; the token is stored as its SHA-256 only.
 */

export const SESSION_TTL_MS = 60 * 60 * 1000;
const TOKEN_PREFIX = "ffs_";

const wrongCredentials = "Unauthorized: the username or password is wrong, or the account has no fund-flows subscription.";

async function findAccount(username: string) {
  const name = username.trim().toLowerCase();
  return db
    .selectFrom("users")
    .select(["id", "email"])
    .where((eb) => eb.or([eb("email", "=", name), eb(eb.fn("lower", ["username"]), "=", name)]))
    .executeTakeFirst();
}

/** The account's id when the password is its password or its active key of the platform. */
async function verifyPassword(platform: Platform, account: { id: string; email: string }, password: string): Promise<boolean> {
  const shape = classifyToken(password);
  if (shape?.kind === "api-key") {
    if (shape.platform !== platform || !(await verifyApiKey(platform, password)).valid) return false;
    const key = await db.selectFrom("api_keys").select("user_id").where("key_hash", "=", sha256(password)).executeTakeFirst();
    return key?.user_id === account.id;
  }
  return (await identityProviders[platform].verifyCredentials(account.email, password)) === account.id;
}

async function subscribed(platform: Platform, userId: string, now: Date): Promise<boolean> {
  const subscriptions = await activeSubscriptions(userId, now);
  return platformProducts[platform].some((product) => subscriptions[product]);
}

/** A new session for the credentials: its token and end; 401 for wrong ones, 429 while the account waits. */
export async function openSession(
  platform: Platform,
  credentials: { username: string; password: string },
  now = new Date(),
): Promise<{ token: string; expires: string }> {
  const throttleKey = loginThrottleKeys(credentials.username, null).account;
  const attempt = await startProgressiveAttempt([{ key: throttleKey, policy: accountPolicy }]);
  if (!attempt.allowed)
    throw tooManyRequests(
      "Too many requests: too many failed sessions for this account; wait before trying again.",
      attempt.retryAfterSeconds,
    );
  const account = await findAccount(credentials.username);
  const valid = account ? await verifyPassword(platform, account, credentials.password) : false;
  if (!account || !valid || !(await subscribed(platform, account.id, now))) throw unauthorized(wrongCredentials);
  await clearRateLimit(throttleKey);
  const token = `${TOKEN_PREFIX}${randomToken(32)}`;
  const expires = nowIso(new Date(now.getTime() + SESSION_TTL_MS));
  await db.deleteFrom("data_api_sessions").where("expires_at", "<=", nowIso(now)).execute();
  await db
    .insertInto("data_api_sessions")
    .values({ token_hash: sha256(token), user_id: account.id, created_at: nowIso(now), expires_at: expires })
    .execute();
  return { token, expires };
}

/** The account of a live session whose subscription still holds, or null. */
export async function sessionHolder(token: string, platform: Platform, now = new Date()): Promise<string | null> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return null;
  const row = await db
    .selectFrom("data_api_sessions")
    .select("user_id")
    .where("token_hash", "=", sha256(token))
    .where("expires_at", ">", nowIso(now))
    .executeTakeFirst();
  return row && (await subscribed(platform, row.user_id, now)) ? row.user_id : null;
}
