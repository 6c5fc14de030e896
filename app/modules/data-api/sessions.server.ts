import { verifyApiKey } from "~/modules/auth/api-keys.server";
import { randomToken, sha256 } from "~/modules/auth/crypto.server";
import { identityProviders } from "~/modules/auth/identity.server";
import { accountPolicy, addressPolicy, loginThrottleKeys } from "~/modules/auth/login.server";
import { loginName } from "~/modules/auth/login-name";
import { platformProducts } from "~/modules/auth/platforms";
import { classifyToken } from "~/modules/auth/token-shapes";
import { activeSubscriptions } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { clearRateLimit, startProgressiveAttempt, takeBackAttempt } from "~/modules/rate-limit/rate-limit.server";
import type { Platform } from "~/modules/registry/registry";
import { tooManyRequests, unauthorized } from "./errors";

/**
 * Fund flows' sessions (POST /Session): the platform username (the account's e-mail or username) and a
 * password, answered with a bearer token valid for an hour. The password is the account's own, or its active
 * API key of the platform, so scripts need not keep the account password. Failed attempts count against the
 * account and the client address like failed sign-ins, and share their buckets; the token is stored as its
 * SHA-256 only. A session ends with the password (reset) and with the key it was opened with (replaced).
 */

const SESSION_TTL_MS = 60 * 60 * 1000;
const TOKEN_PREFIX = "ffs_";

const SESSION_THROTTLED =
  "Too many requests: too many failed sessions for this account or from this address; wait for Retry-After, do not retry at once.";
const wrongCredentials = "Unauthorized: the username or password is wrong, or the account has no fund-flows subscription.";

interface Account {
  id: string;
  email: string;
}

async function findAccount(name: string): Promise<Account | undefined> {
  return db
    .selectFrom("users")
    .select(["id", "email"])
    .where((eb) => eb.or([eb("email", "=", name), eb(eb.fn("lower", ["username"]), "=", name)]))
    .executeTakeFirst();
}

/**
 * Whether the password opens the account: its password or its active key of the platform, and which key.
 * A name of no account costs the same work (the identity provider's decoy hash), so timing tells nothing.
 */
async function checkPassword(
  platform: Platform,
  name: string,
  account: Account | undefined,
  password: string,
): Promise<{ valid: boolean; apiKeyId: string | null }> {
  const shape = classifyToken(password);
  if (shape?.kind === "api-key") {
    const verified = shape.platform === platform && (await verifyApiKey(platform, password)).valid;
    const key = await db.selectFrom("api_keys").select(["id", "user_id"]).where("key_hash", "=", sha256(password)).executeTakeFirst();
    if (!verified || !account || key?.user_id !== account.id) return { valid: false, apiKeyId: null };
    return { valid: true, apiKeyId: key.id };
  }
  const holder = await identityProviders[platform].verifyCredentials(account?.email ?? name, password);
  return { valid: account !== undefined && holder === account.id, apiKeyId: null };
}

async function subscribed(platform: Platform, userId: string, now: Date): Promise<boolean> {
  const subscriptions = await activeSubscriptions(userId, now);
  return platformProducts[platform].some((product) => subscriptions[product]);
}

/**
 * A new session for the credentials: its token and end; 401 for wrong ones, 429 while the account or the
 * client address waits. `clientAddress` is null only outside the HTTP server.
 */
export async function openSession(
  platform: Platform,
  credentials: { username: string; password: string },
  clientAddress: string | null,
  now = new Date(),
): Promise<{ token: string; expires: string }> {
  const name = loginName(credentials.username);
  const account = await findAccount(name);
  // Counted under the account's e-mail, as /login counts it, whichever of its names was typed.
  const keys = loginThrottleKeys(account?.email ?? name, clientAddress);
  const attempt = await startProgressiveAttempt([
    { key: keys.account, policy: accountPolicy },
    { key: keys.address, policy: addressPolicy },
  ]);
  if (!attempt.allowed) throw tooManyRequests(SESSION_THROTTLED, attempt.retryAfterSeconds);
  const password = await checkPassword(platform, name, account, credentials.password);
  if (!account || !password.valid || !(await subscribed(platform, account.id, now))) throw unauthorized(wrongCredentials);
  await clearRateLimit(keys.account);
  await takeBackAttempt(keys.address, addressPolicy);
  const token = `${TOKEN_PREFIX}${randomToken(32)}`;
  const expires = nowIso(new Date(now.getTime() + SESSION_TTL_MS));
  await db.deleteFrom("data_api_sessions").where("expires_at", "<=", nowIso(now)).execute();
  await db
    .insertInto("data_api_sessions")
    .values({
      token_hash: sha256(token),
      user_id: account.id,
      api_key_id: password.apiKeyId,
      created_at: nowIso(now),
      expires_at: expires,
    })
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
