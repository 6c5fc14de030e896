import { db } from "~/modules/db/db.server";
import type { UploadTarget } from "~/modules/delivery/channels.server";
import { openFtpPassword, openSftpKey } from "~/modules/delivery/ftp-password.server";
import { recordedHostKey, recordHostKey, sftpServerOf } from "~/modules/delivery/sftp-host-keys.server";
import { defaultPortOf, isUploadMethod, normaliseRemoteDirectory, parseFtpHost } from "~/modules/delivery/targets";
import type { DeliveryContext } from "./notifications.server";

/** The feed (for a feed run) or the dump whose SFTP host key a delivery checks. */
async function hostKeySource(context: DeliveryContext): Promise<string | null> {
  if (context.dumpId) return context.dumpId;
  if (!context.feedRunId) return null;
  const run = await db.selectFrom("feed_runs").select("feed_id").where("id", "=", context.feedRunId).executeTakeFirst();
  return run?.feed_id ?? null;
}

/** The delivery's stored settings as the upload they stand for, or null when they are no longer valid. */
export async function uploadTargetOf(context: DeliveryContext): Promise<(() => Promise<UploadTarget>) | null> {
  const { method, ftp } = context.delivery;
  if (!ftp || !isUploadMethod(method)) return null;
  const address = parseFtpHost(ftp.host, ftp.port ?? defaultPortOf(method));
  const directory = normaliseRemoteDirectory(ftp.path);
  if (!address || directory === null) return null;
  const secrets = () => ({
    password: ftp.passwordEncrypted ? openFtpPassword(ftp.passwordEncrypted, context.userId, ftp) : undefined,
    privateKey: ftp.privateKeyEncrypted ? openSftpKey(ftp.privateKeyEncrypted, context.userId, ftp) : undefined,
  });
  if (method !== "sftp")
    return async () => ({ method, login: { address, directory, username: ftp.username, password: secrets().password ?? "" } });
  const source = await hostKeySource(context);
  const server = sftpServerOf(ftp.host, ftp.port);
  if (!source || !server) return null;
  // Opened inside the caller's attempt, so a secret that no longer opens is that attempt's failure.
  return async () => ({
    method,
    login: {
      address,
      directory,
      username: ftp.username,
      ...secrets(),
      knownHostKey: await recordedHostKey(source, server),
      recordHostKey: (fingerprint) => recordHostKey(source, server, fingerprint),
    },
  });
}
