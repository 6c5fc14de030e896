import { sameFtpLogin } from "~/modules/delivery/ftp-login";
import { isBoundSecret } from "~/modules/secrets/seal";

/**
 * Finding 17: a stored FTP password belongs to one server and login. An empty password field keeps it only
 * while the host, port and username stay the same (and it is of the bound format); anything else asks for
 * the password again, so no one can send it to a server of their choosing.
 */

export interface StoredFtpLogin {
  host: string;
  port?: number;
  username: string;
  passwordEncrypted: string;
}

export interface FtpPasswordValues {
  deliveryMethod: string;
  ftpUrl?: string;
  ftpUsername?: string;
  ftpPassword?: string;
}

function loginOf(values: FtpPasswordValues) {
  return { host: values.ftpUrl ?? "", username: values.ftpUsername ?? "" };
}

/** The stored sealed password the values may keep, or null (none, unbound, or another server or login). */
export function reusableFtpPassword(values: FtpPasswordValues, onFile: StoredFtpLogin | null): string | null {
  if (values.deliveryMethod !== "ftp" || !onFile?.passwordEncrypted || !isBoundSecret(onFile.passwordEncrypted)) return null;
  return sameFtpLogin(onFile, loginOf(values)) ? onFile.passwordEncrypted : null;
}

/** The message for the password field, or null: required, or asked again when the server or login changed. */
export function ftpPasswordProblem(values: FtpPasswordValues, onFile: StoredFtpLogin | null): string | null {
  if (values.deliveryMethod !== "ftp" || values.ftpPassword) return null;
  if (reusableFtpPassword(values, onFile)) return null;
  return onFile?.passwordEncrypted && isBoundSecret(onFile.passwordEncrypted) ? "validation.ftpPasswordAgain" : "validation.required";
}
