import { Client } from "basic-ftp";
import { sendMail } from "~/modules/mail/mail.server";
import { webhookRequest, type FtpAddress, type WebhookMethod } from "./targets";

export interface FtpLogin {
  address: FtpAddress;
  directory: string;
  username: string;
  password: string;
}

/** Uploads a file into the directory (created when missing) under a temporary name, then renames it. */
export async function uploadByFtp(login: FtpLogin, localFile: string, remoteName: string): Promise<void> {
  const client = new Client(30_000);
  try {
    await client.access({
      host: login.address.host,
      port: login.address.port,
      user: login.username,
      password: login.password,
      secure: login.address.secure,
    });
    await client.ensureDir(login.directory);
    await client.uploadFrom(localFile, `${remoteName}.part`);
    await client.rename(`${remoteName}.part`, remoteName);
  } finally {
    client.close();
  }
}

/** Calls the subscriber's URL; anything but a 2xx answer within 10 seconds is a failure. */
export async function callWebhook(url: string, method: WebhookMethod, event: Record<string, string | number | null>): Promise<void> {
  const request = webhookRequest(url, method, event);
  const response = await fetch(request.url, { ...request.init, redirect: "manual", signal: AbortSignal.timeout(10_000) });
  await response.body?.cancel();
  if (response.status < 200 || response.status > 299) throw new Error(`${method} ${url} answered HTTP ${response.status}`);
}

export async function sendNotificationMail(to: string, subject: string, text: string): Promise<void> {
  const { status } = await sendMail({ to, subject, text });
  if (status === "failed") throw new Error(`The e-mail to ${to} could not be sent`);
}
