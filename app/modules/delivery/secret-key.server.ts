import { createHmac } from "node:crypto";
import { env } from "~/modules/env/env.server";
import { decryptSecret, encryptSecret } from "./secrets";

/**
 * ENCRYPTION_KEY, which production requires apart from the session secret (env.ts); in development and tests
 * a key derived from the session secret, so the session secret itself never doubles as the key.
 */
function secretKey(): string {
  if (env.ENCRYPTION_KEY) return env.ENCRYPTION_KEY;
  if (env.NODE_ENV === "production") throw new Error("ENCRYPTION_KEY: is required in production and must differ from SESSION_SECRET");
  return createHmac("sha256", env.SESSION_SECRET).update("portal encryption key").digest("hex");
}

export function sealSecret(plain: string): string {
  return encryptSecret(plain, secretKey());
}

export function openSecret(stored: string): string {
  return decryptSecret(stored, secretKey());
}
