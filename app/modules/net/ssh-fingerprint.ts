import { createHash } from "node:crypto";

/** A host key's fingerprint as OpenSSH prints it (`ssh-keygen -lf`): what a server's administrator reads out. */
export function hostKeyFingerprint(keyBlob: Uint8Array): string {
  return `SHA256:${createHash("sha256").update(keyBlob).digest("base64").replace(/=+$/, "")}`;
}
