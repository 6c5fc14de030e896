import fs from "node:fs/promises";
import path from "node:path";
import { recordAdminAction } from "~/modules/audit/audit.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import type { FileTable } from "~/modules/db/schema";
import type { OutputFormat } from "~/modules/delivery/serialize";
import { env } from "~/modules/env/env.server";
import type { Subscriptions } from "~/modules/auth/users.server";
import { userEntitled } from "./entitlement.server";
import { fileRetentionDays } from "./model";

/** Produced files live under DATA_DIR/files/{user}/; the database keeps their record for 30 days. */

/** The folder of one account's files, under DATA_DIR. */
export function ownerFolder(userId: string): string {
  return path.join("files", userId);
}

export function relativeFilePath(userId: string, stem: string, format: OutputFormat): string {
  return path.join(ownerFolder(userId), `${stem}.${format}`);
}

export function absoluteFilePath(relative: string): string {
  return path.resolve(env.DATA_DIR, relative);
}

/**
 * "GDP of G7 (quarterly)" on 2026-11-22 as xml -> "gdp-of-g7-quarterly-2026-11-22.xml". A feed's runs name
 * the minute too ("…-2026-11-22-1015.xml", UTC): a documents feed runs every 15 minutes, and same-day names
 * would overwrite each other on the subscriber's FTP server.
 */
export function downloadName(name: string, createdAt: string, format: OutputFormat, precision: "day" | "minute" = "day"): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  const time = precision === "minute" ? `-${createdAt.slice(11, 13)}${createdAt.slice(14, 16)}` : "";
  return `${slug || "export"}-${createdAt.slice(0, 10)}${time}.${format}`;
}

export interface NewFile {
  userId: string;
  product: string;
  dumpId?: string;
  feedRunId?: string;
  format: OutputFormat;
  filename: string;
  path: string;
  size: number;
  items: number;
}

export async function recordFile(file: NewFile, now = new Date()): Promise<FileTable> {
  const row: FileTable = {
    id: newId(),
    user_id: file.userId,
    product: file.product,
    dump_id: file.dumpId ?? null,
    feed_run_id: file.feedRunId ?? null,
    format: file.format,
    filename: file.filename,
    path: file.path,
    size: file.size,
    items: file.items,
    created_at: nowIso(now),
    expires_at: nowIso(new Date(now.getTime() + fileRetentionDays * 24 * 60 * 60 * 1000)),
    purged_at: null,
  };
  await db.insertInto("files").values(row).execute();
  return row;
}

/**
 * Called when a dump or feed run that wrote into the owner's folder ends, however it ends. When the account was
 * deleted meanwhile, delete-account.server.ts asked the job to stop (it stops at its next check) and removed the
 * folder at once: the write may have made the folder again since, so it goes now.
 */
export async function removeFolderOfDeletedOwner(userId: string): Promise<void> {
  const owner = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  if (!owner) await fs.rm(absoluteFilePath(ownerFolder(userId)), { recursive: true, force: true });
}

/** A written file that was never recorded (its owner's subscription ended meanwhile). */
export async function removeWrittenFile(relative: string): Promise<void> {
  await fs.rm(absoluteFilePath(relative), { force: true });
}

/** A file produced for a dump cancelled while it was being finished. */
export async function discardFile(fileId: string): Promise<void> {
  const file = await db.selectFrom("files").select("path").where("id", "=", fileId).executeTakeFirst();
  if (file) await fs.rm(absoluteFilePath(file.path), { force: true });
  await db.deleteFrom("files").where("id", "=", fileId).execute();
}

/** Deletes files past their 30 days; the record stays, marked purged, so lists can say so. */
export async function purgeExpiredFiles(now = new Date()): Promise<number> {
  const expired = await db
    .selectFrom("files")
    .select(["id", "path"])
    .where("purged_at", "is", null)
    .where("expires_at", "<=", nowIso(now))
    .execute();
  for (const file of expired) {
    await fs.rm(absoluteFilePath(file.path), { force: true });
    await db
      .updateTable("files")
      .set({ purged_at: nowIso(now) })
      .where("id", "=", file.id)
      .execute();
  }
  return expired.length;
}

/**
 * A file the user may download: their own while subscribed to its product, or any for an admin, whose download
 * of someone else's file the audit trail records; null when missing or purged. A file whose owner's subscription
 * ended stays unreachable for them (finding 11).
 */
export async function downloadableFile(
  fileId: string,
  user: { id: string; username: string; isAdmin: boolean; subscriptions: Subscriptions },
): Promise<FileTable | null> {
  const file = await db.selectFrom("files").selectAll().where("id", "=", fileId).where("purged_at", "is", null).executeTakeFirst();
  if (!file) return null;
  if (user.isAdmin) {
    if (file.user_id !== user.id) {
      await recordAdminAction(user, { action: "file-download", target: file.id, ownerId: file.user_id, details: { file: file.filename } });
    }
    return file;
  }
  return file.user_id === user.id && userEntitled(user, file.product) ? file : null;
}

export function downloadUrl(fileId: string): string {
  return new URL(`/api/files/${fileId}`, env.PUBLIC_URL).toString();
}
