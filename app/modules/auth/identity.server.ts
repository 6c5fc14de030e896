import { db } from "~/modules/db/db.server";
import type { Platform } from "~/modules/registry/registry";
import { describeApiKey } from "./api-keys.server";
import { hashPassword, verifyPassword } from "./crypto.server";
import { describeSessionToken } from "./session.server";
import type { TokenHolder } from "./token-decoder";
import { classifyToken } from "./token-shapes";
import { findUserByEmail } from "./users.server";

/**
 * Each platform (econ, corp, intel) signs users in through its own identity provider. The embedded
 * default is local accounts in the database; an external identity service fits the same interface.
 */
export interface IdentityProvider {
  /** The user id for these credentials on this platform, or null. */
  verifyCredentials(email: string, password: string): Promise<string | null>;
  /** Whose API key or session token this is on this platform (the token decoder), or null when it does not know it. */
  lookupToken(token: string): Promise<TokenHolder | null>;
}

/** A password check that costs the same whether or not the account exists. */
const decoyHash = hashPassword("decoy password that never matches");

async function belongsTo(userId: string, platform: Platform): Promise<boolean> {
  const member = await db
    .selectFrom("user_platforms")
    .select("platform")
    .where("user_id", "=", userId)
    .where("platform", "=", platform)
    .executeTakeFirst();
  return member !== undefined;
}

async function holder(userId: string, kind: TokenHolder["kind"], status: TokenHolder["status"]): Promise<TokenHolder | null> {
  const user = await db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
  return user ? { userId, username: user.username, kind, status } : null;
}

export function localIdentityProvider(platform: Platform): IdentityProvider {
  return {
    async verifyCredentials(email, password) {
      const user = await findUserByEmail(email);
      const member = user ? await belongsTo(user.id, platform) : false;
      const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
      return user && member && valid ? user.id : null;
    },

    // Keys and sessions are stored as SHA-256 hashes and found by them, so no secret is compared here.
    async lookupToken(token) {
      const shape = classifyToken(token);
      if (shape?.kind === "api-key") {
        // A key is issued for one platform and names it in its prefix.
        const key = shape.platform === platform ? await describeApiKey(platform, token) : null;
        return key ? holder(key.userId, "api-key", key.status) : null;
      }
      if (shape?.kind === "session") {
        // A session signs its user in on one platform; every platform the user belongs to knows the user.
        const session = await describeSessionToken(token);
        return session && (await belongsTo(session.userId, platform)) ? holder(session.userId, "session", session.status) : null;
      }
      return null;
    },
  };
}

/** The identity provider of each platform: sign-in and the token decoder ask the same ones. */
export const identityProviders: Record<Platform, IdentityProvider> = {
  econ: localIdentityProvider("econ"),
  corp: localIdentityProvider("corp"),
  intel: localIdentityProvider("intel"),
};
