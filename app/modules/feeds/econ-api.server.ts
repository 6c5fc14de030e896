import type { TFunction } from "i18next";
import type { z } from "zod";
import type { CurrentUser } from "~/modules/auth/users.server";
import { jsonResponse, readJsonObject } from "~/modules/forms/json.server";
import { translateErrors } from "~/modules/forms/messages";
import { econFormValues, maxSeriesIds, type EconDumpValues, type EconFeedValues } from "~/modules/products/econ/econ-form";
import { fieldErrors, parseIdList } from "./form-shapes";
import { checkEconSelection, listEconFeeds } from "./econ.server";

/** What the /api/econ-* routes share beyond the pages: reading their JSON bodies into answers. */

/** A feed's or dump's answer with the reason the portal paused or stopped it, in the language asked for. */
export function withReasonText<T extends { pauseReason?: string | null; stopReason?: string | null }>(
  details: T,
  t: TFunction,
): T & { reasonText: string | null } {
  if (details.pauseReason) return { ...details, reasonText: t(`econ.feedDetails.pauseReasons.${details.pauseReason}`) };
  if (details.stopReason) return { ...details, reasonText: t(`dumps.stopReasons.${details.stopReason}`) };
  return { ...details, reasonText: null };
}

type Read<T> = { ok: true; value: T } | { ok: false; response: Response };

/**
 * The {ids} body of the list actions (delete, run as dump). Empty is SPEC.md's "Please fill out this
 * field."; every id must be a feed the user may see (their own, any for an admin), or nothing happens.
 */
export async function readVisibleFeedIds(request: Request, user: CurrentUser, t: TFunction): Promise<Read<string[]>> {
  const body = await readJsonObject(request, t);
  if (!body.ok) return body;
  const list = parseIdList(body.value.ids, maxSeriesIds);
  if (!list.ok) return { ok: false, response: jsonResponse({ errors: { ids: t(list.error) } }, 422) };
  const ids = list.ids;
  if (ids.length === 0) return { ok: false, response: jsonResponse({ errors: { ids: t("validation.required") } }, 422) };
  const visible = new Set((await listEconFeeds(user)).map((feed) => feed.id));
  if (ids.some((id) => !visible.has(id))) return { ok: false, response: jsonResponse({ error: t("econApi.feedNotFound") }, 404) };
  return { ok: true, value: ids };
}

/**
 * The preview routes: the series the criteria of a feed or dump body select (the total and at most 500),
 * or the errors. A preview has no name yet and saves nothing, so the active-feed limit does not apply.
 */
export async function previewAnswer(
  request: Request,
  user: CurrentUser,
  t: TFunction,
  schema: z.ZodType<EconFeedValues | EconDumpValues, z.ZodTypeDef, unknown>,
): Promise<Response> {
  const body = await readJsonObject(request, t);
  if (!body.ok) return body.response;
  const values = econFormValues(body.value);
  const parsed = schema.safeParse({ ...values, name: values.name || "preview", status: "inactive" });
  if (!parsed.success) return jsonResponse({ errors: translateErrors(t, fieldErrors(parsed.error)) }, 422);
  const { preview, errors } = await checkEconSelection(parsed.data, { userId: user.id });
  if (Object.keys(errors).length > 0 || !preview.ok) return jsonResponse({ errors: translateErrors(t, errors) }, 422);
  return jsonResponse({ total: preview.total, items: preview.items });
}
