import { auditIfAdmin } from "~/modules/audit/audit.server";
import type { Selectable } from "kysely";
import type { z } from "zod";
import type { CurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { mayBeStoredId } from "~/modules/db/ids";
import type { DumpTable } from "~/modules/db/schema";
import { canBeCancelled, cancelDump, dumpProgress } from "./dumps.server";
import { shownDelivery, type ShownFtp } from "./feed-queries.server";
import type { FeedProduct, Notification, OutputOptions } from "./model";
import type { StatusFilter } from "./status-filter";
import { unconfirmedAddresses } from "./notification-addresses.server";
import { dumpDeliveries, type DeliveryEntry } from "./run-history.server";
import { readSelection } from "./stored";

/** Who sees which dump, for every product: subscribers their own, admins everyone's. */

type DumpRow = Selectable<DumpTable> & { username: string };

export interface DumpListItem {
  id: string;
  product: string;
  name: string;
  username: string;
  status: string;
  canBeCancelled: boolean;
  processed: number;
  total: number;
  progress: number;
  estimatedEnd: string | null;
  created: string;
  updated: string;
  error: string | null;
  /** Why the portal stopped the dump (a stop-reason code the pages translate), or null. */
  stopReason: string | null;
  /** The company v2 filter_id of a company dump's selection; null for other products. */
  filterId: string | null;
  files: { id: string; format: string; filename: string; size: number; downloadUrl: string }[];
  /** Its file's download and each delivery (FTP, e-mail, webhook) with its state and attempts. */
  deliveries: DeliveryEntry[];
}

export interface DumpDetails<Criteria> extends DumpListItem {
  description: string;
  criteria: Criteria;
  options: OutputOptions;
  delivery: { method: string; ftp: ShownFtp };
  notification: Notification;
  /** Its notification addresses that get nothing until they follow their confirmation link. */
  awaitingConfirmation: string[];
  started: string | null;
  finished: string | null;
  feedId: string | null;
}

async function dumpListItems(rows: DumpRow[]): Promise<DumpListItem[]> {
  const ids = rows.map((row) => row.id);
  const files = ids.length
    ? await db
        .selectFrom("files")
        .select(["id", "dump_id", "format", "filename", "size"])
        .where("dump_id", "in", ids)
        .where("purged_at", "is", null)
        .execute()
    : [];
  const deliveries = await dumpDeliveries(ids);
  return rows.map((row) => ({
    id: row.id,
    product: row.product,
    name: row.name,
    username: row.username,
    status: row.status,
    canBeCancelled: canBeCancelled(row.status),
    processed: row.processed,
    total: row.total,
    progress: dumpProgress(row),
    estimatedEnd: row.estimated_end_at,
    created: row.created_at,
    updated: row.updated_at,
    error: row.error,
    stopReason: row.stop_reason,
    filterId: row.filter_id,
    files: files
      .filter((file) => file.dump_id === row.id)
      .map((file) => ({
        id: file.id,
        format: file.format,
        filename: file.filename,
        size: file.size,
        downloadUrl: `/api/files/${file.id}`,
      })),
    deliveries: deliveries.get(row.id) ?? [],
  }));
}

/** The product's dumps with their owner's username: the user's own, or everyone's for an admin. */
function visibleDumps(user: CurrentUser, product: FeedProduct) {
  const query = db
    .selectFrom("dumps")
    .innerJoin("users", "users.id", "dumps.user_id")
    .selectAll("dumps")
    .select("users.username")
    .where("dumps.product", "=", product);
  return user.isAdmin ? query : query.where("dumps.user_id", "=", user.id);
}

/** Active dumps are queued or running; inactive ones have ended (completed, failed or cancelled). */
export async function listDumps(
  user: CurrentUser,
  product: FeedProduct,
  filter: { status?: StatusFilter; username?: string; ids?: readonly string[] } = {},
): Promise<DumpListItem[]> {
  let query = visibleDumps(user, product);
  if (user.isAdmin && filter.username) query = query.where("users.username", "=", filter.username);
  if (filter.status === "active") query = query.where("dumps.status", "in", ["queued", "running"]);
  if (filter.status === "inactive") query = query.where("dumps.status", "in", ["completed", "failed", "cancelled"]);
  if (filter.ids) query = query.where("dumps.id", "in", filter.ids.length ? filter.ids : [""]);
  return dumpListItems(await query.orderBy("dumps.created_at", "desc").limit(200).execute());
}

/** The dump when the user may see it (their own, any for an admin), with its stored selection; null otherwise. */
export async function findDump<Criteria>(
  user: CurrentUser,
  product: FeedProduct,
  dumpId: string,
  criteriaSchema: z.ZodType<Criteria, z.ZodTypeDef, unknown>,
): Promise<DumpDetails<Criteria> | null> {
  if (!mayBeStoredId(dumpId)) return null;
  const row = await visibleDumps(user, product).where("dumps.id", "=", dumpId).executeTakeFirst();
  if (!row) return null;
  const [item] = await dumpListItems([row]);
  if (!item) return null;
  const selection = readSelection(row, criteriaSchema);
  return {
    ...item,
    description: row.description,
    criteria: selection.criteria,
    options: selection.options,
    delivery: await shownDelivery(row.id, selection.delivery),
    notification: selection.notification,
    awaitingConfirmation: [...(await unconfirmedAddresses(row.user_id, selection.notification.emails))],
    started: row.started_at,
    finished: row.finished_at,
    feedId: row.feed_id,
  };
}

/** The owner of a dump the user may see (their own, any for an admin); null otherwise. */
export async function findDumpOwner(user: CurrentUser, product: FeedProduct, dumpId: string): Promise<{ ownerId: string } | null> {
  if (!mayBeStoredId(dumpId)) return null;
  const row = await visibleDumps(user, product).where("dumps.id", "=", dumpId).executeTakeFirst();
  return row ? { ownerId: row.user_id } : null;
}

/** Cancels the user's dump (any for an admin) while it can be cancelled. */
export async function cancelUserDump(
  user: CurrentUser,
  product: FeedProduct,
  dumpId: string,
): Promise<"cancelled" | "not-found" | "not-cancellable"> {
  if (!mayBeStoredId(dumpId)) return "not-found";
  const row = await visibleDumps(user, product).where("dumps.id", "=", dumpId).executeTakeFirst();
  if (!row) return "not-found";
  if (!canBeCancelled(row.status)) return "not-cancellable";
  if (!(await cancelDump(dumpId))) return "not-cancellable";
  await auditIfAdmin(user, { action: "dump-cancel", target: dumpId, ownerId: row.user_id, details: { product, name: row.name } });
  return "cancelled";
}
