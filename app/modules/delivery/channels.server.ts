import { reasonText } from "~/modules/net/failure-reasons";
import { sendMail } from "~/modules/mail/mail.server";
import { FTPError } from "basic-ftp";
import type { SFTPWrapper } from "ssh2";
import { LoginRefusedError, refuseControlCharacters, UnexpectedStatusError } from "~/modules/net/outbound-errors";
import { openVettedFtp, openVettedSftp, requestVetted } from "~/modules/net/outbound.server";
import type { FtpAddress, WebhookMethod } from "./targets";
import { webhookRequest, type WebhookMessage } from "./webhook-message";

/**
 * Subscribers name the FTP servers and webhook URLs the worker connects to: both go through the vetted
 * client (app/modules/net/outbound.server.ts), which in production refuses hosts that resolve to loopback,
 * private or reserved addresses and connects only to the address it vetted.
 */

export interface FtpLogin {
  address: FtpAddress;
  directory: string;
  username: string;
  password: string;
}

export interface SftpLogin {
  address: FtpAddress;
  directory: string;
  username: string;
  password?: string;
  privateKey?: string;
  /** The fingerprint recorded at the first connection, or null for the first one. */
  knownHostKey: string | null;
  /** Called with the host key of a first connection, once logged in. */
  recordHostKey: (fingerprint: string) => Promise<void>;
}

/** Where the deliver job uploads: FTP (FTPS when secure) or SFTP. */
export type UploadTarget = { method: "ftp" | "ftps"; login: FtpLogin } | { method: "sftp"; login: SftpLogin };

/** The one upload entry point of the deliver job, whatever the method. */
export async function uploadFile(target: UploadTarget, localFile: string, remoteName: string): Promise<void> {
  if (target.method === "sftp") await uploadBySftp(target.login, localFile, remoteName);
  else
    await uploadByFtp(
      { ...target.login, address: { ...target.login.address, secure: target.method === "ftps" || target.login.address.secure } },
      localFile,
      remoteName,
    );
}

/** Uploads a file into the directory (created when missing) under a temporary name, then renames it. */
export async function uploadByFtp(login: FtpLogin, localFile: string, remoteName: string): Promise<void> {
  refuseControlCharacters("ftpDirectory", login.directory);
  refuseControlCharacters("remoteFileName", remoteName);
  const client = await openVettedFtp({ ...login.address, user: login.username, password: login.password }).catch((error: unknown) => {
    throw error instanceof FTPError && error.code === 530 ? new LoginRefusedError(login.username, error) : error;
  });
  try {
    await client.ensureDir(login.directory);
    await client.uploadFrom(localFile, `${remoteName}.part`);
    await client.rename(`${remoteName}.part`, remoteName);
  } finally {
    client.close();
  }
}

function sftpCall(run: (done: (error: Error | null | undefined) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((error) => (error ? reject(error) : resolve())));
}

/** Each directory of the path, made when missing (an existing one fails mkdir, which is checked by stat after). */
async function ensureSftpDirectory(sftp: SFTPWrapper, directory: string): Promise<void> {
  let path = "";
  for (const part of directory.split("/").filter(Boolean)) {
    path += `/${part}`;
    const made = await sftpCall((done) => sftp.mkdir(path, done)).then(
      () => true,
      () => false,
    );
    if (!made) await sftpCall((done) => sftp.stat(path, (error) => done(error)));
  }
}

/**
 * As by FTP: into the directory under a temporary name, then renamed over any file of that name (POSIX
 * rename where the server offers it; plain SFTP rename refuses an existing target, so it is removed first).
 */
async function uploadBySftp(login: SftpLogin, localFile: string, remoteName: string): Promise<void> {
  refuseControlCharacters("sftpDirectory", login.directory);
  refuseControlCharacters("remoteFileName", remoteName);
  const session = await openVettedSftp({
    host: login.address.host,
    port: login.address.port,
    user: login.username,
    password: login.password,
    privateKey: login.privateKey,
    knownHostKey: login.knownHostKey,
  });
  try {
    if (login.knownHostKey === null) await login.recordHostKey(session.hostKey);
    const { sftp } = session;
    await ensureSftpDirectory(sftp, login.directory);
    const target = `${login.directory.replace(/\/$/, "")}/${remoteName}`;
    await sftpCall((done) => sftp.fastPut(localFile, `${target}.part`, done));
    await sftpCall((done) => sftp.ext_openssh_rename(`${target}.part`, target, done)).catch(async () => {
      await sftpCall((done) => sftp.unlink(target, () => done(null)));
      await sftpCall((done) => sftp.rename(`${target}.part`, target, done));
    });
  } finally {
    session.close();
  }
}

/**
 * Calls the subscriber's URL with the message signed by each of the secrets; anything but a 2xx answer within 10
 * seconds is a failure, and redirects are not followed. Returns the status.
 */
export async function callWebhook(
  url: string,
  method: WebhookMethod,
  message: WebhookMessage,
  secrets: readonly string[],
): Promise<number> {
  // Checked before parsing: the URL parser would silently drop tabs and line breaks.
  refuseControlCharacters("webhookUrl", url);
  const request = webhookRequest(url, method, message, secrets, new Date());
  const response = await requestVetted(request.url, { ...request, timeoutMs: 10_000, maxRedirects: 0, maxBodyBytes: 0 });
  if (response.status < 200 || response.status > 299) throw new UnexpectedStatusError(response.status, `${method} ${url}`);
  return response.status;
}

export async function sendNotificationMail(to: string, subject: string, text: string): Promise<void> {
  const { status } = await sendMail({ to, subject, text });
  if (status === "failed") throw new Error(reasonText("mailNotSent", { address: to }));
}
