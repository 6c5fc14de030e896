import { lookup } from "node:dns/promises";
import { Client } from "basic-ftp";
import { env } from "~/modules/env/env.server";
import { sendMail } from "~/modules/mail/mail.server";
import { isPrivateAddress, webhookRequest, type FtpAddress, type WebhookMethod } from "./targets";

/**
 * Subscribers name the FTP servers and webhook URLs the worker connects to: in production a name that
 * resolves to a loopback, private or link-local address is refused, so no one reaches the provider's
 * own network through a delivery. DELIVERY_PRIVATE_HOSTS=allow lifts this (tests, local demos).
 */
async function assertPublicHost(host: string): Promise<void> {
  const allowPrivate = env.DELIVERY_PRIVATE_HOSTS ? env.DELIVERY_PRIVATE_HOSTS === "allow" : env.NODE_ENV !== "production";
  if (allowPrivate) return;
  const addresses = await lookup(host.replace(/^\[|\]$/g, ""), { all: true });
  if (addresses.some(({ address }) => isPrivateAddress(address))) throw new Error(`${host} is a private address; deliveries go to public hosts only`);
}

export interface FtpLogin {
  address: FtpAddress;
  directory: string;
  username: string;
  password: string;
}

/** Uploads a file into the directory (created when missing) under a temporary name, then renames it. */
export async function uploadByFtp(login: FtpLogin, localFile: string, remoteName: string): Promise<void> {
  await assertPublicHost(login.address.host);
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
  await assertPublicHost(new URL(url).hostname);
  const request = webhookRequest(url, method, event);
  const response = await fetch(request.url, { ...request.init, redirect: "manual", signal: AbortSignal.timeout(10_000) });
  await response.body?.cancel();
  if (response.status < 200 || response.status > 299) throw new Error(`${method} ${url} answered HTTP ${response.status}`);
}

export async function sendNotificationMail(to: string, subject: string, text: string): Promise<void> {
  const { status } = await sendMail({ to, subject, text });
  if (status === "failed") throw new Error(`The e-mail to ${to} could not be sent`);
}
