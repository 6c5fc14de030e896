import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { sameFtpLogin, type FtpLoginOf } from "./ftp-login";
import { defaultPortOf, parseFtpHost } from "./targets";

/**
 * The host key each feed's or dump's SFTP server showed at its first connection (trust on first use): checked
 * at every later one, shown on the feed's and dump's page, and forgotten when the subscriber edits the host or
 * types the login again (which is how a key the server's administrator replaced on purpose is accepted).
 */

export interface SftpServer {
  host: string;
  port: number;
}

/** The server as the record keys it: "sftp://Files.example.com" and "files.example.com:22" are the same one. */
export function sftpServerOf(host: string, port?: number): SftpServer | null {
  const address = parseFtpHost(host, port ?? defaultPortOf("sftp"));
  return address ? { host: address.host.toLowerCase(), port: address.port } : null;
}

export async function recordedHostKey(sourceId: string, server: SftpServer): Promise<string | null> {
  const row = await db
    .selectFrom("sftp_host_keys")
    .select("fingerprint")
    .where("source_id", "=", sourceId)
    .where("host", "=", server.host)
    .where("port", "=", server.port)
    .executeTakeFirst();
  return row?.fingerprint ?? null;
}

/** Records the first key seen; a key recorded meanwhile by another attempt stays (the next connection checks it). */
export async function recordHostKey(sourceId: string, server: SftpServer, fingerprint: string): Promise<void> {
  await db
    .insertInto("sftp_host_keys")
    .values({ source_id: sourceId, host: server.host, port: server.port, fingerprint, recorded_at: nowIso() })
    .onConflict((conflict) => conflict.columns(["source_id", "host", "port"]).doNothing())
    .execute();
}

/** The feed's or dump's recorded key for the server it delivers to now, for its page. */
export async function shownHostKey(sourceId: string, delivery: { method: string; ftp: { host: string; port?: number } | null }) {
  const server = delivery.method === "sftp" && delivery.ftp ? sftpServerOf(delivery.ftp.host, delivery.ftp.port) : null;
  return server ? recordedHostKey(sourceId, server) : null;
}

/** An edit that names another server or login, or types the password or key again, forgets the recorded keys. */
export async function forgetHostKeysOnEdit(
  sourceId: string,
  before: FtpLoginOf | null,
  after: { deliveryMethod: string; ftpUrl?: string; ftpUsername?: string; ftpPassword?: string; sftpPrivateKey?: string },
): Promise<void> {
  const retyped = Boolean(after.ftpPassword || after.sftpPrivateKey);
  const same = before !== null && sameFtpLogin(before, { host: after.ftpUrl ?? "", username: after.ftpUsername ?? "" });
  if (after.deliveryMethod === "sftp" && same && !retyped) return;
  await db.deleteFrom("sftp_host_keys").where("source_id", "=", sourceId).execute();
}
