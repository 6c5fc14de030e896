// A CommonJS package whose exports Node's ESM loader cannot name: read from its default export.
import ssh2 from "ssh2";

/**
 * What the browser's check of a pasted key cannot tell (sftp-key.ts reads its armour only): whether ssh2, the
 * worker's SFTP client, can use it. Checked before it is sealed, so a key that cannot log in is never stored.
 */
export function unusablePrivateKey(text: string): string | null {
  const parsed = ssh2.utils.parseKey(text.trim());
  if (parsed instanceof Error) return /passphrase|encrypted/i.test(parsed.message) ? "validation.sftpKeyEncrypted" : "validation.sftpKey";
  return parsed.isPrivateKey() ? null : "validation.sftpKey";
}
