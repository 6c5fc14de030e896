import { parseFtpHost } from "./targets";

/** An FTP password is sealed to its user, server and login (secrets/seal.ts); how a login names its server. */
export interface FtpLoginOf {
  host: string;
  port?: number;
  username: string;
}

/** The FTP server as the binding sees it: "ftp://Host:21" and "host" name the same server. */
function ftpServerOf(login: FtpLoginOf): { host: string; port: number; username: string } {
  const address = parseFtpHost(login.host, login.port);
  return { host: (address?.host ?? login.host.trim()).toLowerCase(), port: address?.port ?? login.port ?? 21, username: login.username };
}

/** The binding of an FTP password: its user, host, port and login. */
export function ftpSecretBinding(userId: string, login: FtpLoginOf): string {
  const server = ftpServerOf(login);
  return JSON.stringify(["ftp-password", userId, server.host, server.port, server.username]);
}

/** The binding of an SFTP private key: as a password's, under its own label, so neither opens as the other. */
export function sftpKeySecretBinding(userId: string, login: FtpLoginOf): string {
  const server = ftpServerOf(login);
  return JSON.stringify(["sftp-private-key", userId, server.host, server.port, server.username]);
}

/** Whether two FTP settings name the same server and login (a stored password may then be kept). */
export function sameFtpLogin(a: FtpLoginOf, b: FtpLoginOf): boolean {
  const left = ftpServerOf(a);
  const right = ftpServerOf(b);
  return left.host === right.host && left.port === right.port && left.username === right.username;
}
