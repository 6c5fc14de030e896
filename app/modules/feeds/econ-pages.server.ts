import type { Selectable } from "kysely";
import type { z } from "zod";
import type { CurrentUser } from "~/modules/auth/users.server";
import { econOptions } from "~/modules/catalog/options.server";
import type { SeriesPreviewRow } from "~/modules/catalog/previews.server";
import { getCatalog } from "~/modules/catalog/source.server";
import type { FeedTable } from "~/modules/db/schema";
import {
  econDumpSchema,
  econFeedSchema,
  econFormValues,
  type EconDumpValues,
  type EconFeedValues,
} from "~/modules/products/econ/econ-form";
import { fieldErrors } from "./form-shapes";
import {
  checkEconSelection,
  checkFtpPassword,
  econFeedFormValues,
  findEconFeed,
  ftpOnFile,
  keepsFtpPassword,
  ownerFor,
} from "./econ.server";

/**
 * The two steps of the macroeconomic feed and dump pages (SPEC.md section 5: Save shows a series preview,
 * then Create is needed): read the post, validate it against the schema and the catalog, resolve the owner
 * and preview the selection. The routes only store and redirect.
 */

export type EconOptions = Awaited<ReturnType<typeof econOptions>>;
export type EconFormDefaults = Record<string, string | string[] | boolean>;

/** What a page's form shows: the values to show again, errors as message keys, the preview (never a password). */
export interface EconFormState {
  values: EconFormDefaults;
  errors: Record<string, string>;
  preview: { total: number; items: SeriesPreviewRow[] } | null;
}

type Criteria = EconFeedValues | EconDumpValues;
type Checked<V> =
  | { ok: true; values: V; ownerId: string; state: EconFormState; fromFeed: Selectable<FeedTable> | null }
  | { ok: false; status: number; state: EconFormState };

export function loadEconOptions(): Promise<EconOptions> {
  return econOptions(getCatalog());
}

/** Posted or stored values as the form's default values: text, lists and flags; never a password. */
export function econDisplayValues(values: Record<string, unknown>): EconFormDefaults {
  const shown: EconFormDefaults = {};
  for (const [name, value] of Object.entries(values)) {
    if (name === "ftpPassword" || name === "intent") continue;
    if (typeof value === "string" || typeof value === "boolean") shown[name] = value;
    else if (Array.isArray(value)) shown[name] = value.filter((entry): entry is string => typeof entry === "string");
  }
  return shown;
}

/**
 * A stored feed as the create-dump form's defaults. Its FTP password stays on the server: the form carries
 * the feed's id, and the action keeps the password only for the feed's owner and the same server and login.
 */
export function econFeedAsDump(feed: Selectable<FeedTable>): { values: EconFormDefaults; keepsPassword: boolean } {
  const { frequency: _frequency, status: _status, newOnly: _newOnly, ...values } = econFeedFormValues(feed);
  return { values: econDisplayValues(values), keepsPassword: keepsFtpPassword(feed) };
}

/** The feed a create-dump post started from, when the user may see it (their own, any for an admin). */
async function postedSourceFeed(user: CurrentUser, form: FormData): Promise<Selectable<FeedTable> | null> {
  const id = form.get("fromFeed");
  return typeof id === "string" && id !== "" ? findEconFeed(user, id) : null;
}

interface CheckContext {
  user: CurrentUser;
  intents: readonly string[];
  /** Editing: the stored feed, whose owner stays and whose FTP password stays for the same server and login. */
  feed?: Selectable<FeedTable>;
  /** A dump started from this feed may keep its FTP password (same owner, server and login). */
  fromFeed?: Selectable<FeedTable> | null;
}

async function checkEconForm<V extends Criteria>(
  schema: z.ZodType<V, z.ZodTypeDef, unknown>,
  form: FormData,
  context: CheckContext,
): Promise<Checked<V>> {
  const raw = econFormValues(form);
  const state: EconFormState = { values: econDisplayValues(raw), errors: {}, preview: null };
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
  // The password is never shown again, so the preview step does not ask for it; storing does.
  const password =
    parsed.data.intent === "preview" ? {} : checkFtpPassword(parsed.data, ftpOnFile(context.feed ?? context.fromFeed, ownerId));
  if (Object.keys(password).length > 0) return failed(422, password);
  return { ok: true, values: parsed.data, ownerId, state, fromFeed: context.fromFeed ?? null };
}

export function checkEconFeedForm(form: FormData, context: CheckContext): Promise<Checked<EconFeedValues>> {
  return checkEconForm(econFeedSchema, form, context);
}

export async function checkEconDumpForm(
  form: FormData,
  context: Omit<CheckContext, "feed" | "fromFeed">,
): Promise<Checked<EconDumpValues>> {
  return checkEconForm(econDumpSchema, form, { ...context, fromFeed: await postedSourceFeed(context.user, form) });
}

/** The state to show when storing failed after the checks passed (a race on the five-feed limit). */
export function withErrors(state: EconFormState, errors: Record<string, string>): EconFormState {
  return { ...state, errors };
}

/** The selected ids of a list form (checkboxes named feedId), without duplicates. */
export function selectedIds(form: FormData): string[] {
  return [...new Set(form.getAll("feedId").filter((value): value is string => typeof value === "string" && value !== ""))];
}
