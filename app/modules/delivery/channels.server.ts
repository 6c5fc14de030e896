import { sendMail } from "~/modules/mail/mail.server";
import { refuseControlCharacters, UnexpectedStatusError } from "~/modules/net/outbound-errors";
import { openVettedFtp, requestVetted } from "~/modules/net/outbound.server";
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

/** Uploads a file into the directory (created when missing) under a temporary name, then renames it. */
export async function uploadByFtp(login: FtpLogin, localFile: string, remoteName: string): Promise<void> {
  refuseControlCharacters("FTP directory", login.directory);
  refuseControlCharacters("remote file name", remoteName);
  const client = await openVettedFtp({ ...login.address, user: login.username, password: login.password });
  try {
    await client.ensureDir(login.directory);
    await client.uploadFrom(localFile, `${remoteName}.part`);
    await client.rename(`${remoteName}.part`, remoteName);
  } finally {
    client.close();
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
  refuseControlCharacters("webhook URL", url);
  const request = webhookRequest(url, method, message, secrets, new Date());
  const response = await requestVetted(request.url, { ...request, timeoutMs: 10_000, maxRedirects: 0, maxBodyBytes: 0 });
  if (response.status < 200 || response.status > 299) throw new UnexpectedStatusError(response.status, `${method} ${url}`);
  return response.status;
}

export async function sendNotificationMail(to: string, subject: string, text: string): Promise<void> {
  const { status } = await sendMail({ to, subject, text });
  if (status === "failed") throw new Error(`The e-mail to ${to} could not be sent`);
}
