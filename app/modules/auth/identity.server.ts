import { db } from "~/modules/db/db.server";
import type { Platform } from "~/modules/registry/registry";
import { hashPassword, verifyPassword } from "./crypto.server";
import { findUserByEmail } from "./users.server";

/**
 * Each platform (econ, corp, intel) signs users in through its own identity provider. The embedded
 * default is local accounts in the database; an external identity service fits the same interface.
 */
export interface IdentityProvider {
  /** The user id for these credentials on this platform, or null. */
  verifyCredentials(email: string, password: string): Promise<string | null>;
}

/** A password check that costs the same whether or not the account exists. */
const decoyHash = hashPassword("decoy password that never matches");

export function localIdentityProvider(platform: Platform): IdentityProvider {
  return {
    async verifyCredentials(email, password) {
      const user = await findUserByEmail(email);
      const member = user
        ? await db
            .selectFrom("user_platforms")
            .select("platform")
            .where("user_id", "=", user.id)
            .where("platform", "=", platform)
            .executeTakeFirst()
        : undefined;
      const valid = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
      return user && member && valid ? user.id : null;
    },
  };
}
