import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Secrets the portal must be able to read back (FTP passwords) are stored encrypted with AES-256-GCM:
 * "v1:" + base64(iv | tag | ciphertext). The key is derived from ENCRYPTION_KEY (or the session secret).
 */
function keyFrom(secret: string): Buffer {
  return createHash("sha256").update(`portal-secrets:${secret}`).digest();
}

export function encryptSecret(plain: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secret), iv);
  const encrypted = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64")}`;
}

export class SecretError extends Error {}

export function decryptSecret(stored: string, secret: string): string {
  if (!stored.startsWith("v1:")) throw new SecretError("Unknown secret format");
  const raw = Buffer.from(stored.slice(3), "base64");
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretError("The secret cannot be decrypted with the configured key");
  }
}
