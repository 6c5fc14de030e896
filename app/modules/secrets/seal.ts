import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Secrets the portal must be able to read back (FTP passwords, API keys kept with a session, trial keys) are
 * stored encrypted with AES-256-GCM: "v2:" + base64(iv | tag | ciphertext). The key is derived from
 * ENCRYPTION_KEY (or the session secret); the additional authenticated data is a binding (whose secret, for
 * which server), so a sealed value copied to another user, host or login no longer opens.
 *
 * Values of the unbound "v1:" format are not migrated: nothing stored says which user and server they were
 * typed for, so they count as missing and the subscriber is asked for the password again.
 */
function keyFrom(secret: string): Buffer {
  return createHash("sha256").update(`portal-secrets:${secret}`).digest();
}

const format = "v2:";

function aad(binding: string): Buffer {
  return Buffer.from(`portal-secrets:${format}${binding}`, "utf8");
}

export function encryptSecret(plain: string, secret: string, binding: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secret), iv);
  cipher.setAAD(aad(binding));
  const encrypted = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${format}${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64")}`;
}

export class SecretError extends Error {}

/** Whether a stored value is of the bound format (older values must be entered again). */
export function isBoundSecret(stored: string): boolean {
  return stored.startsWith(format);
}

export function decryptSecret(stored: string, secret: string, binding: string): string {
  if (stored.startsWith("v1:")) throw new SecretError("The stored secret predates its binding; it must be entered again");
  if (!isBoundSecret(stored)) throw new SecretError("Unknown secret format");
  const raw = Buffer.from(stored.slice(format.length), "base64");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secret), raw.subarray(0, 12));
    decipher.setAAD(aad(binding));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretError("The secret cannot be decrypted with the configured key for this user and server");
  }
}
