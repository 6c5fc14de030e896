import { auditIfAdmin } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { sealFtpPassword, sealSftpKey } from "~/modules/delivery/ftp-password.server";
import { isUploadMethod, splitAddresses } from "~/modules/delivery/targets";
import { encodeMessage } from "~/modules/forms/messages";
import { createDump } from "./dumps.server";
import type { FeedRow } from "./feed-queries.server";
import { countActiveFeeds, createFeed } from "./feeds.server";
import { fieldErrors, type DeliveryValues } from "./form-shapes";
import { startInitialDump } from "./initial-dump.server";
import { requestAddressConfirmations } from "./notification-addresses.server";
import { ftpPasswordProblem, reusableFtpPassword, reusableSftpKey, type StoredFtpLogin } from "./ftp-password";
import { nextRunAt, type Delivery, type Notification } from "./model";
import type { FeedSubmissionValues, ProductDescriptor, SelectionPreview, SubmissionValues } from "./product";
import { forgetHostKeysOnEdit } from "~/modules/delivery/sftp-host-keys.server";
import { unusablePrivateKey } from "~/modules/delivery/sftp-key.server";
import { readDelivery, readFrequency, readSelection, selectionColumns } from "./stored";

/**
 * One check of a feed or dump submission for every product, called by the page actions and the JSON API
 * alike: the product's schema, the owner (admins may act for a username), the product's catalog rules and
 * preview, the active-feed limit, and the FTP password rules. Then storing it, the same way for every product.
 */

/** Any product's descriptor: the core only passes its criteria and rows between the product's own functions. */
export type AnyDescriptor = ProductDescriptor;

export interface SubmissionContext {
  user: CurrentUser;
  /** Admins name the owner by username; ignored for everyone else and when editing. */
  username?: string;
  /** Editing: the stored feed, whose owner stays and whose FTP password stays for the same server and login. */
  feed?: FeedRow | null;
  /** A dump started from this feed may keep its FTP password (same owner, server and login). */
  fromFeed?: FeedRow | null;
}

export type Submission<Values, Row> =
  | { ok: true; values: Values; ownerId: string; preview: SelectionPreview<Row> | null; raw: Record<string, unknown> }
  | { ok: false; status: number; errors: Record<string, string>; preview: SelectionPreview<Row> | null; raw: Record<string, unknown> };

/** Admins may act for another user, named by username; everyone else acts for themselves. */
async function ownerFor(user: CurrentUser, username: string | undefined): Promise<string | null> {
  if (!username || !user.isAdmin || username === user.username) return user.id;
  const owner = await db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirst();
  return owner?.id ?? null;
}

/** The stored FTP login whose password a form of this owner may keep: a feed's own, never another user's. */
export function ftpOnFile(feed: FeedRow | null | undefined, ownerId: string): StoredFtpLogin | null {
  if (!feed || feed.user_id !== ownerId) return null;
  return readDelivery(feed).ftp;
}

/** Whether the feed's FTP password is kept when the edit form leaves it empty (same server and login). */
export function keepsFtpPassword(feed: FeedRow): boolean {
  const ftp = ftpOnFile(feed, feed.user_id);
  const values = { deliveryMethod: readDelivery(feed).method, ftpUrl: ftp?.host, ftpUsername: ftp?.username };
  return ftp !== null && (reusableFtpPassword(values, ftp) ?? reusableSftpKey(values, ftp)) !== null;
}

/** Whether one more active feed would pass the product's limit (the edited feed, if already active, is counted once). */
async function overFeedLimit(descriptor: AnyDescriptor, ownerId: string, feed: FeedRow | null | undefined): Promise<boolean> {
  if (descriptor.activeFeedLimit === null) return false;
  const active = await countActiveFeeds(ownerId, descriptor.product);
  return active - (feed?.status === "active" ? 1 : 0) >= descriptor.activeFeedLimit;
}

export function feedLimitMessage(descriptor: AnyDescriptor): string {
  return encodeMessage("validation.feedLimit", { max: descriptor.activeFeedLimit ?? 0 });
}

export function checkSubmission<FeedValues extends FeedSubmissionValues, Row>(
  descriptor: ProductDescriptor<unknown, FeedValues, SubmissionValues, Row, unknown>,
  kind: "feed",
  source: FormData | Record<string, unknown>,
  context: SubmissionContext,
): Promise<Submission<FeedValues, Row>>;
export function checkSubmission<DumpValues extends SubmissionValues, Row>(
  descriptor: ProductDescriptor<unknown, FeedSubmissionValues, DumpValues, Row, unknown>,
  kind: "dump",
  source: FormData | Record<string, unknown>,
  context: SubmissionContext,
): Promise<Submission<DumpValues, Row>>;
/**
 * Everything a Save or a JSON post is checked against. With intent "preview" the FTP password is not asked
 * for (it is never shown again, so the first step does not need it); storing does.
 */
export async function checkSubmission(
  descriptor: AnyDescriptor,
  kind: "feed" | "dump",
  source: FormData | Record<string, unknown>,
  context: SubmissionContext,
): Promise<Submission<SubmissionValues, unknown>> {
  const raw = descriptor.formValues(source);
  const failed = (status: number, errors: Record<string, string>, preview: SelectionPreview<unknown> | null = null) =>
    ({ ok: false, status, errors, preview, raw }) as const;

  const ownerId = context.feed ? context.feed.user_id : await ownerFor(context.user, context.user.isAdmin ? context.username : undefined);
  if (!ownerId) return failed(422, { username: "econ.errors.unknownUser" });

  // A selection named by the owner's filter id is checked and stored as if its ids or criteria were posted.
  const expanded = descriptor.expandFilter ? await descriptor.expandFilter(raw, ownerId) : ({ ok: true, raw } as const);
  if (!expanded.ok) return failed(422, expanded.errors);
  const parsed = (kind === "feed" ? descriptor.feedSchema : descriptor.dumpSchema).safeParse(expanded.raw);
  if (!parsed.success) return failed(422, fieldErrors(parsed.error));
  const values: SubmissionValues = parsed.data;

  const check = await descriptor.checkSelection(values, { userId: ownerId });
  const errors = { ...check.errors };
  if (kind === "feed" && "status" in values && values.status === "active" && (await overFeedLimit(descriptor, ownerId, context.feed)))
    errors.status ??= feedLimitMessage(descriptor);
  if (values.intent !== "preview") {
    const password = ftpPasswordProblem(values, ftpOnFile(context.feed ?? context.fromFeed, ownerId));
    if (password) errors.ftpPassword = password;
    const key = values.deliveryMethod === "sftp" && values.sftpPrivateKey ? unusablePrivateKey(values.sftpPrivateKey) : null;
    if (key) errors.sftpPrivateKey = key;
  }
  if (Object.keys(errors).length > 0) return failed(422, errors, check.preview);
  return { ok: true, values, ownerId, preview: check.preview, raw };
}

/**
 * The FTP password (or SFTP private key) typed now, sealed for its owner and server, or the stored ones while
 * server and login stay. A pasted key replaces what was stored; a typed password alone replaces a stored key.
 */
function toDelivery(values: DeliveryValues, ownerId: string, onFile: StoredFtpLogin | null): Delivery {
  if (!isUploadMethod(values.deliveryMethod)) return { method: "platform", ftp: null };
  const login = { host: values.ftpUrl ?? "", username: values.ftpUsername ?? "" };
  const typed = Boolean(values.ftpPassword) || (values.deliveryMethod === "sftp" && Boolean(values.sftpPrivateKey));
  const passwordEncrypted = values.ftpPassword
    ? sealFtpPassword(values.ftpPassword, ownerId, login)
    : typed
      ? ""
      : (reusableFtpPassword(values, onFile) ?? "");
  const privateKey =
    values.deliveryMethod !== "sftp"
      ? undefined
      : values.sftpPrivateKey
        ? sealSftpKey(values.sftpPrivateKey, ownerId, login)
        : typed
          ? undefined
          : (reusableSftpKey(values, onFile) ?? undefined);
  return {
    method: values.deliveryMethod,
    ftp: { ...login, path: values.ftpPath ?? "/", passwordEncrypted, ...(privateKey ? { privateKeyEncrypted: privateKey } : {}) },
  };
}

function toNotification(values: DeliveryValues): Notification {
  return { emails: splitAddresses(values.notificationEmail ?? ""), url: values.notificationUrl ?? null, method: values.notificationMethod };
}

function selectionOf(descriptor: AnyDescriptor, values: SubmissionValues, ownerId: string, onFile: StoredFtpLogin | null) {
  return {
    criteria: descriptor.toCriteria(values),
    options: descriptor.toOptions(values),
    delivery: toDelivery(values, ownerId, onFile),
    notification: toNotification(values),
  };
}

/** The filter id the stored selection keeps (company feeds and dumps); null for products without filters. */
function filterOf(descriptor: AnyDescriptor, ownerId: string, criteria: unknown, values: SubmissionValues, stored?: FeedRow) {
  return descriptor.selectionFilter ? descriptor.selectionFilter(ownerId, criteria, values, stored) : Promise.resolve(null);
}

/**
 * Stores a checked new feed and, when asked, queues the dump of its current data (initial-dump.server.ts);
 * FeedLimitError when another request took the last active place meanwhile.
 */
export async function storeFeed(
  descriptor: AnyDescriptor,
  actor: CurrentUser,
  ownerId: string,
  values: FeedSubmissionValues,
): Promise<{ id: string; initialDumpId: string | null }> {
  const selection = selectionOf(descriptor, values, ownerId, null);
  const filterId = await filterOf(descriptor, ownerId, selection.criteria, values);
  const feedId = await createFeed(ownerId, descriptor.product, {
    name: values.name,
    description: values.description,
    frequency: values.frequency,
    ...selection,
    filterId,
    active: values.status === "active",
    activeFeedLimit: descriptor.activeFeedLimit,
  });
  const details = { product: descriptor.product, name: values.name };
  await auditIfAdmin(actor, { action: "feed-create", target: feedId, ownerId, details });
  await requestAddressConfirmations(ownerId, selection.notification.emails, values.language);
  if (!values.initialDump) return { id: feedId, initialDumpId: null };
  const dumpId = await startInitialDump(feedId, ownerId, descriptor.product, {
    name: values.name,
    description: values.description,
    ...selection,
    filterId,
  });
  await auditIfAdmin(actor, { action: "dump-create", target: dumpId, ownerId, details });
  return { id: feedId, initialDumpId: dumpId };
}

/** Stores the edited feed; the status is now the editor's, so a pause reason the portal gave is cleared. */
export async function storeFeedEdit(
  descriptor: AnyDescriptor,
  actor: CurrentUser,
  feed: FeedRow,
  values: FeedSubmissionValues,
  now = new Date(),
): Promise<void> {
  const active = values.status === "active";
  const schedule = feed.frequency !== values.frequency || (active && feed.status !== "active") || !feed.next_run_at;
  const selection = selectionOf(descriptor, values, feed.user_id, ftpOnFile(feed, feed.user_id));
  await requestAddressConfirmations(feed.user_id, selection.notification.emails, values.language);
  await db
    .updateTable("feeds")
    .set({
      name: values.name,
      description: values.description ?? "",
      frequency: values.frequency,
      status: values.status,
      ...selectionColumns(selection),
      filter_id: await filterOf(descriptor, feed.user_id, selection.criteria, values, feed),
      updated_at: nowIso(now),
      pause_reason: null,
      ...(active ? (schedule ? { next_run_at: nowIso(nextRunAt(values.frequency, now)) } : {}) : { next_run_at: null }),
    })
    .where("id", "=", feed.id)
    .execute();
  await forgetHostKeysOnEdit(feed.id, readDelivery(feed).ftp, values);
  await auditIfAdmin(actor, {
    action: "feed-edit",
    target: feed.id,
    ownerId: feed.user_id,
    details: { product: descriptor.product, name: values.name },
  });
}

/** A new dump; started from a feed of the same owner, an empty password keeps the feed's for the same server. */
export async function storeDump(
  descriptor: AnyDescriptor,
  actor: CurrentUser,
  ownerId: string,
  values: SubmissionValues,
  fromFeed: FeedRow | null = null,
): Promise<string> {
  const selection = selectionOf(descriptor, values, ownerId, ftpOnFile(fromFeed, ownerId));
  const dumpId = await createDump(ownerId, descriptor.product, {
    name: values.name,
    description: values.description,
    ...selection,
    feedId: fromFeed?.id ?? null,
    filterId: await filterOf(descriptor, ownerId, selection.criteria, values, fromFeed ?? undefined),
  });
  await requestAddressConfirmations(ownerId, selection.notification.emails, values.language);
  await auditIfAdmin(actor, {
    action: "dump-create",
    target: dumpId,
    ownerId,
    details: { product: descriptor.product, name: values.name },
  });
  return dumpId;
}

/**
 * Turns a feed on or off from its list. Turning it on takes a place within the product's active-feed limit
 * (a race past the limit is refused by createFeed's count the same way) and schedules its next run one
 * period from now; turning it off unschedules it. Either way a pause reason the portal gave is cleared.
 */
export async function setFeedActive(
  descriptor: AnyDescriptor,
  actor: CurrentUser,
  feed: FeedRow,
  active: boolean,
  now = new Date(),
): Promise<"done" | "limit"> {
  if (active && feed.status !== "active" && (await overFeedLimit(descriptor, feed.user_id, feed))) return "limit";
  await db
    .updateTable("feeds")
    .set({
      status: active ? "active" : "inactive",
      pause_reason: null,
      updated_at: nowIso(now),
      next_run_at: active ? (feed.status === "active" ? feed.next_run_at : nowIso(nextRunAt(readFrequency(feed.frequency), now))) : null,
    })
    .where("id", "=", feed.id)
    .execute();
  await auditIfAdmin(actor, {
    action: active ? "feed-activate" : "feed-deactivate",
    target: feed.id,
    ownerId: feed.user_id,
    details: { product: descriptor.product, name: feed.name },
  });
  return "done";
}

/** The stored feed as its form's values, for the edit form and a dump started from it (never the FTP password). */
export function feedFormValues(descriptor: AnyDescriptor, feed: FeedRow): Record<string, unknown> {
  const { criteria, options, delivery, notification } = readSelection(feed, descriptor.criteriaSchema);
  return {
    name: feed.name,
    description: feed.description,
    frequency: feed.frequency,
    status: feed.status,
    ...descriptor.toFormValues(criteria, options),
    deliveryMethod: delivery.method,
    ftpUrl: delivery.ftp?.host ?? "",
    ftpPath: delivery.ftp?.path ?? "",
    ftpUsername: delivery.ftp?.username ?? "",
    notificationEmail: notification.emails.join(", "),
    notificationUrl: notification.url ?? "",
    notificationMethod: notification.method,
  };
}
