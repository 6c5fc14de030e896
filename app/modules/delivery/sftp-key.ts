/**
 * A pasted SFTP private key, checked without any IO (the form checks it in the browser too; the server also
 * parses it with ssh2 before sealing it).
 */

/** The longest private key accepted: an RSA 16384-bit key in PEM is about 12,600 characters. */
export const maxPrivateKeyLength = 16_000;

const armour = /^-----BEGIN ((?:OPENSSH|RSA|EC|DSA) )?PRIVATE KEY-----\r?\n([\s\S]+?)\r?\n-----END \1PRIVATE KEY-----$/;

/** The cipher an OpenSSH private key is encrypted with ("none" when it is not), or null when the body is not one. */
function openSshCipher(body: string): string | null {
  let bytes: string;
  try {
    bytes = atob(body.replace(/\s+/g, ""));
  } catch {
    return null;
  }
  const magic = "openssh-key-v1\0";
  if (!bytes.startsWith(magic) || bytes.length < magic.length + 4) return null;
  const at = magic.length;
  const length =
    ((bytes.charCodeAt(at) << 24) | (bytes.charCodeAt(at + 1) << 16) | (bytes.charCodeAt(at + 2) << 8) | bytes.charCodeAt(at + 3)) >>> 0;
  if (length === 0 || length > 64 || bytes.length < at + 4 + length) return null;
  return bytes.slice(at + 4, at + 4 + length);
}

/**
 * The message key for a pasted private key that cannot serve (null when it may): an OpenSSH or PEM private
 * key, unencrypted, since nobody is there to type a passphrase when the worker connects.
 */
export function privateKeyProblem(text: string): string | null {
  const key = text.trim();
  const match = key.length > maxPrivateKeyLength ? null : armour.exec(key);
  if (!match) return "validation.sftpKey";
  if (/Proc-Type:\s*4,ENCRYPTED/.test(key)) return "validation.sftpKeyEncrypted";
  if (match[1] === "OPENSSH ") {
    const cipher = openSshCipher(match[2]!);
    if (cipher === null) return "validation.sftpKey";
    if (cipher !== "none") return "validation.sftpKeyEncrypted";
  }
  return null;
}
