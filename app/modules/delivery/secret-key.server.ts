import { env } from "~/modules/env/env.server";
import { decryptSecret, encryptSecret } from "./secrets";

/** ENCRYPTION_KEY when set, so the session secret can be rotated without losing stored FTP passwords. */
function secretKey(): string {
  return env.ENCRYPTION_KEY ?? env.SESSION_SECRET;
}

export function sealSecret(plain: string): string {
  return encryptSecret(plain, secretKey());
}

export function openSecret(stored: string): string {
  return decryptSecret(stored, secretKey());
}
