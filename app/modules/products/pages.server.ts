import { findFeed, type FeedRow } from "~/modules/feeds/feed-queries.server";
import { displayValues, type FormDefaults } from "~/modules/feeds/form-state";
import type { FeedSubmissionValues, SubmissionValues } from "~/modules/feeds/product";
import {
  checkSubmission,
  feedFormValues,
  keepsFtpPassword,
  type Submission,
  type SubmissionContext,
} from "~/modules/feeds/submission.server";
import { readFormData } from "~/modules/forms/form-data.server";
import { tagPreview, type ProductPage, type ProductPreview, type ProductSegment, type RowOf } from "./registry.server";

/**
 * The two steps of every product's feed and dump pages (SPEC.md section 5: Save shows a preview, then Create
 * is needed): read the post, check it as the JSON API does, and answer the form's state. Routes only store and
 * redirect.
 */

export interface FormState<S extends ProductSegment = ProductSegment> {
  values: FormDefaults;
  errors: Record<string, string>;
  preview: ProductPreview<S> | null;
}

type PagePost<S extends ProductSegment, Values> =
  | { ok: true; values: Values; ownerId: string; state: FormState<S>; fromFeed: FeedRow | null }
  | { ok: false; status: number; state: FormState<S> };

type PageContext<S extends ProductSegment> = Pick<ProductPage<S>, "segment" | "descriptor" | "user">;

async function checkPost<S extends ProductSegment, Values>(
  request: Request,
  page: PageContext<S>,
  kind: "feed" | "dump",
  options: { intents: readonly string[]; feed?: FeedRow },
  check: (form: FormData, context: SubmissionContext) => Promise<Submission<Values, RowOf<S>>>,
): Promise<PagePost<S, Values>> {
  const form = await readFormData(request);
  const intent = form.get("intent");
  const shown = (errors: Record<string, string>): FormState<S> => ({
    values: displayValues(page.descriptor.formValues(form)),
    errors,
    preview: null,
  });
  if (typeof intent !== "string" || !options.intents.includes(intent))
    return { ok: false, status: 400, state: shown({ intent: "econ.errors.unknownIntent" }) };

  // A dump prefilled from a feed posts the feed's id, so that its FTP password may stay (same owner, server, login).
  const fromId = kind === "dump" ? form.get("fromFeed") : null;
  const fromFeed = typeof fromId === "string" && fromId !== "" ? await findFeed(page.user, page.descriptor.product, fromId) : null;
  const username = form.get("username");
  const checked = await check(form, {
    user: page.user,
    username: typeof username === "string" ? username.trim() : undefined,
    feed: options.feed,
    fromFeed,
  });
  const state: FormState<S> = {
    values: displayValues(checked.raw),
    errors: checked.ok ? {} : checked.errors,
    preview: tagPreview(page.segment, checked.preview),
  };
  if (!checked.ok) return { ok: false, status: checked.status, state };
  return { ok: true, values: checked.values, ownerId: checked.ownerId, state, fromFeed };
}

export function checkFeedPost<S extends ProductSegment>(
  request: Request,
  page: PageContext<S>,
  options: { intents: readonly string[]; feed?: FeedRow },
): Promise<PagePost<S, FeedSubmissionValues>> {
  return checkPost(request, page, "feed", options, (form, context) => checkSubmission(page.descriptor, "feed", form, context));
}

export function checkDumpPost<S extends ProductSegment>(
  request: Request,
  page: PageContext<S>,
  options: { intents: readonly string[] },
): Promise<PagePost<S, SubmissionValues>> {
  return checkPost(request, page, "dump", options, (form, context) => checkSubmission(page.descriptor, "dump", form, context));
}

/** The stored feed as its edit form's defaults (never the password). */
export function feedDefaults(page: PageContext<ProductSegment>, feed: FeedRow): FormDefaults {
  return displayValues(page.descriptor.editFormValues?.(feed) ?? feedFormValues(page.descriptor, feed));
}

/**
 * A stored feed as the create-dump form's defaults. Its FTP password stays on the server: the form carries the
 * feed's id, and the action keeps the password only for the feed's owner and the same server and login.
 */
export function feedAsDumpDefaults(page: PageContext<ProductSegment>, feed: FeedRow): { values: FormDefaults; keepsPassword: boolean } {
  const { frequency: _frequency, status: _status, newOnly: _newOnly, ...values } = feedFormValues(page.descriptor, feed);
  return { values: displayValues(values), keepsPassword: keepsFtpPassword(feed) };
}
