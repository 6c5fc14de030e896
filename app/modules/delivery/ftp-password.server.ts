import { openBoundSecret, sealBoundSecret } from "~/modules/secrets/secret-key.server";
import { ftpSecretBinding, sftpKeySecretBinding, type FtpLoginOf } from "./ftp-login";

/** Seals a user's FTP password for one server and login. */
export function sealFtpPassword(plain: string, userId: string, login: FtpLoginOf): string {
  return sealBoundSecret(plain, ftpSecretBinding(userId, login));
}

/** Opens a stored FTP password; throws SecretError for another user, server or login. */
export function openFtpPassword(stored: string, userId: string, login: FtpLoginOf): string {
  return openBoundSecret(stored, ftpSecretBinding(userId, login));
}

/** Seals a user's SFTP private key for one server and login, like a password. */
export function sealSftpKey(plain: string, userId: string, login: FtpLoginOf): string {
  return sealBoundSecret(plain, sftpKeySecretBinding(userId, login));
}

/** Opens a stored SFTP private key; throws SecretError for another user, server or login. */
export function openSftpKey(stored: string, userId: string, login: FtpLoginOf): string {
  return openBoundSecret(stored, sftpKeySecretBinding(userId, login));
}
