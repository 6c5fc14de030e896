import { sameFtpLogin } from "~/modules/delivery/ftp-login";
import { isUploadMethod } from "~/modules/delivery/targets";
import { isBoundSecret } from "~/modules/secrets/seal";

/**
 * Finding 17: a stored FTP password (or SFTP private key) belongs to one server and login. An empty password
 * field keeps it only while the host, port and username stay the same (and it is of the bound format);
 * anything else asks for the password again, so no one can send it to a server of their choosing.
 */

export interface StoredFtpLogin {
  host: string;
  port?: number;
  username: string;
  passwordEncrypted: string;
  privateKeyEncrypted?: string;
}

export interface FtpPasswordValues {
  deliveryMethod: string;
  ftpUrl?: string;
  ftpUsername?: string;
  ftpPassword?: string;
  sftpPrivateKey?: string;
}

function loginOf(values: FtpPasswordValues) {
  return { host: values.ftpUrl ?? "", username: values.ftpUsername ?? "" };
}

function reusable(sealed: string | undefined, values: FtpPasswordValues, onFile: StoredFtpLogin | null): string | null {
  if (!isUploadMethod(values.deliveryMethod) || !onFile || !sealed || !isBoundSecret(sealed)) return null;
  return sameFtpLogin(onFile, loginOf(values)) ? sealed : null;
}

/** The stored sealed password the values may keep, or null (none, unbound, or another server or login). */
export function reusableFtpPassword(values: FtpPasswordValues, onFile: StoredFtpLogin | null): string | null {
  return reusable(onFile?.passwordEncrypted, values, onFile);
}

/** The stored sealed SFTP private key the values may keep: SFTP still, the same server and login. */
export function reusableSftpKey(values: FtpPasswordValues, onFile: StoredFtpLogin | null): string | null {
  return values.deliveryMethod === "sftp" ? reusable(onFile?.privateKeyEncrypted, values, onFile) : null;
}

/** The message for the password field, or null: required, or asked again when the server or login changed. */
export function ftpPasswordProblem(values: FtpPasswordValues, onFile: StoredFtpLogin | null): string | null {
  if (!isUploadMethod(values.deliveryMethod) || values.ftpPassword) return null;
  if (values.deliveryMethod === "sftp" && values.sftpPrivateKey) return null;
  if (reusableFtpPassword(values, onFile) || reusableSftpKey(values, onFile)) return null;
  const sealed = [onFile?.passwordEncrypted, onFile?.privateKeyEncrypted].some((value) => value && isBoundSecret(value));
  return sealed ? "validation.ftpPasswordAgain" : "validation.required";
}
