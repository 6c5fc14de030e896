import type { Selectable } from "kysely";
import type { z } from "zod";
import type { CurrentUser } from "~/modules/auth/users.server";
import { econOptions } from "~/modules/catalog/options.server";
import type { SeriesPreviewRow } from "~/modules/catalog/previews.server";
import { getCatalog } from "~/modules/catalog/source.server";
import type { FeedTable } from "~/modules/db/schema";
import { openSecret, sealSecret } from "~/modules/delivery/secret-key.server";
import { econDumpSchema, econFeedSchema, econFormValues, fieldErrors, type EconDumpValues, type EconFeedValues } from "./econ-form";
import { checkEconSelection, econFeedFormValues, ownerFor } from "./econ.server";
import { deliverySchema, parseStored } from "./model";

/**
 * The two steps of the macroeconomic feed and dump pages (SPEC.md section 5: Save shows a series preview,
 * then Create is needed): read the post, validate it against the schema and the catalog, resolve the owner
 * and preview the selection. The routes only store and redirect.
 */

export type EconOptions = Awaited<ReturnType<typeof econOptions>>;
export type EconFormDefaults = Record<string, string | string[] | boolean>;

/** What a page's form shows: the values to show again, errors as message keys, the preview, the sealed password. */
export interface EconFormState {
  values: EconFormDefaults;
  errors: Record<string, string>;
  preview: { total: number; items: SeriesPreviewRow[] } | null;
  sealedPassword: string | null;
}

type Criteria = EconFeedValues | EconDumpValues;
type Checked<V> = { ok: true; values: V; ownerId: string; state: EconFormState } | { ok: false; status: number; state: EconFormState };

export function loadEconOptions(): Promise<EconOptions> {
  return econOptions(getCatalog());
}

/** Posted or stored values as the form's default values: text, lists and flags; never a password. */
export function econDisplayValues(values: Record<string, unknown>): EconFormDefaults {
  const shown: EconFormDefaults = {};
  for (const [name, value] of Object.entries(values)) {
    if (name === "ftpPassword" || name === "ftpPasswordSealed" || name === "intent") continue;
    if (typeof value === "string" || typeof value === "boolean") shown[name] = value;
    else if (Array.isArray(value)) shown[name] = value.map(String);
  }
  if (Array.isArray(values.seriesIds)) shown.seriesIds = values.seriesIds.map(String).join(", ");
  return shown;
}

/** A stored feed as the create-dump form's defaults, its FTP password carried sealed (never in clear). */
export function econFeedAsDump(feed: Selectable<FeedTable>): { values: EconFormDefaults; sealedPassword: string | null } {
  const { frequency: _frequency, status: _status, newOnly: _newOnly, keepFtpPassword: _keep, ...values } = econFeedFormValues(feed);
  const delivery = parseStored(deliverySchema, feed.delivery);
  return { values: econDisplayValues(values), sealedPassword: delivery.ftp?.passwordEncrypted || null };
}

/** A sealed password that does not open (tampered, or sealed under another key) is dropped, so it is asked again. */
function dropBrokenSeal(raw: Record<string, unknown>) {
  const sealed = raw.ftpPasswordSealed;
  if (typeof sealed !== "string" || sealed === "") return;
  try {
    openSecret(sealed);
  } catch {
    delete raw.ftpPasswordSealed;
  }
}

function sealFrom(raw: Record<string, unknown>): string | null {
  if (raw.deliveryMethod !== "ftp") return null;
  if (typeof raw.ftpPassword === "string" && raw.ftpPassword !== "") return sealSecret(raw.ftpPassword);
  return typeof raw.ftpPasswordSealed === "string" && raw.ftpPasswordSealed !== "" ? raw.ftpPasswordSealed : null;
}

interface CheckContext {
  user: CurrentUser;
  intents: readonly string[];
  /** Editing: the stored feed, whose owner and FTP password stay. */
  feed?: Selectable<FeedTable>;
}

async function checkEconForm<V extends Criteria>(schema: z.ZodType<V, z.ZodTypeDef, unknown>, form: FormData, context: CheckContext): Promise<Checked<V>> {
  const raw = econFormValues(form);
  dropBrokenSeal(raw);
  // Whether an empty password keeps the stored one is the server's to say, not the browser's.
  if (context.feed) raw.keepFtpPassword = econFeedFormValues(context.feed).keepFtpPassword === true;
  const state: EconFormState = { values: econDisplayValues(raw), errors: {}, preview: null, sealedPassword: sealFrom(raw) };
  const failed = (status: number, errors: Record<string, string>): Checked<V> => ({ ok: false, status, state: { ...state, errors } });

  if (typeof raw.intent !== "string" || !context.intents.includes(raw.intent)) return failed(400, { intent: "econ.errors.unknownIntent" });
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return failed(422, fieldErrors(parsed.error));

  const errors: Record<string, string> = {};
  const username = typeof raw.username === "string" ? raw.username.trim() : "";
  const ownerId = context.feed ? context.feed.user_id : await ownerFor(context.user, context.user.isAdmin ? username : undefined);
  if (!ownerId) errors.username = "econ.errors.unknownUser";
  if (Object.keys(errors).length > 0 || !ownerId) return failed(422, errors);

  const check = await checkEconSelection(parsed.data, { userId: ownerId, feedId: context.feed?.id });
  state.preview = check.preview.ok ? { total: check.preview.total, items: check.preview.items } : null;
  if (Object.keys(check.errors).length > 0) return failed(422, check.errors);
  return { ok: true, values: parsed.data, ownerId, state };
}

export function checkEconFeedForm(form: FormData, context: CheckContext): Promise<Checked<EconFeedValues>> {
  return checkEconForm(econFeedSchema, form, context);
}

export function checkEconDumpForm(form: FormData, context: CheckContext): Promise<Checked<EconDumpValues>> {
  return checkEconForm(econDumpSchema, form, context);
}

/** The state to show when storing failed after the checks passed (a race on the five-feed limit). */
export function withErrors(state: EconFormState, errors: Record<string, string>): EconFormState {
  return { ...state, errors };
}

/** The selected ids of a list form (checkboxes named feedId), without duplicates. */
export function selectedIds(form: FormData): string[] {
  return [...new Set(form.getAll("feedId").filter((value): value is string => typeof value === "string" && value !== ""))];
}
