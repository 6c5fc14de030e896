import { createHmac } from "node:crypto";
import { env } from "~/modules/env/env.server";
import { decryptSecret, encryptSecret } from "./seal";

/**
 * ENCRYPTION_KEY, which production requires apart from the session secret (env.ts); in development and tests
 * a key derived from the session secret, so the session secret itself never doubles as the key.
 */
function secretKey(): string {
  if (env.ENCRYPTION_KEY) return env.ENCRYPTION_KEY;
  if (env.NODE_ENV === "production") throw new Error("ENCRYPTION_KEY: is required in production and must differ from SESSION_SECRET");
  return createHmac("sha256", env.SESSION_SECRET).update("portal encryption key").digest("hex");
}

/**
 * Seals a secret the portal keeps for a while (an FTP password, an API key kept with a browser session, a trial
 * key in a cookie), bound to what it belongs to: opening it under another binding fails.
 */
export function sealBoundSecret(plain: string, binding: string): string {
  return encryptSecret(plain, secretKey(), binding);
}

/** Opens a secret sealed by sealBoundSecret(); throws SecretError when it was sealed for another binding. */
export function openBoundSecret(stored: string, binding: string): string {
  return decryptSecret(stored, secretKey(), binding);
}
