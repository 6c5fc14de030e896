import { randomToken, sha256 } from "~/modules/auth/crypto.server";
import { tokenHint } from "~/modules/auth/token-shapes";
import { ADMIN_API_KEY_PREFIX, ADMIN_API_KEY_RANDOM_BYTES } from "./admin-api-keys";

/** A new admin API key with what is stored of it: its SHA-256 and its hint, never the key. */
export function mintAdminApiKey(): { key: string; keyHash: string; hint: string } {
  const key = `${ADMIN_API_KEY_PREFIX}${randomToken(ADMIN_API_KEY_RANDOM_BYTES)}`;
  return { key, keyHash: hashAdminApiKey(key), hint: tokenHint(key) };
}

/** How a presented key is looked up: by its SHA-256 (random 256-bit keys need no salt or slow hash). */
export function hashAdminApiKey(key: string): string {
  return sha256(key);
}
