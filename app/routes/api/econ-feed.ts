import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiSubscription } from "~/modules/auth/guards.server";
import { fieldErrors } from "~/modules/feeds/form-shapes";
import { econFeedSchema, econFormValues } from "~/modules/products/econ/econ-form";
import {
  checkEconSelection,
  createEconFeed,
  checkFtpPassword,
  econFeedDetails,
  findEconFeed,
  ftpOnFile,
  ownerFor,
  updateEconFeed,
} from "~/modules/feeds/econ.server";
import { withReasonText } from "~/modules/feeds/econ-api.server";
import { activeFeedLimit, FeedLimitError } from "~/modules/feeds/feeds.server";
import { jsonResponse, methodNotAllowed, readJsonObject } from "~/modules/forms/json.server";
import { encodeMessage, translateErrors } from "~/modules/forms/messages";
import { getFixedT } from "~/modules/i18n/i18n.server";

/**
 * /api/econ-feed: GET ?id= a feed's details; POST a new feed (admins may name a `username` to act for);
 * PUT ?id= the whole edited feed, where an omitted FTP password keeps the stored one for the same server and login. Others' and unknown
 * feeds are a 404, as on the pages.
 */
const allow = "GET, POST, PUT";

function feedId(request: Request): string {
  return new URL(request.url).searchParams.get("id")?.trim() ?? "";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiSubscription(request, "macroeconomic");
  const t = await getFixedT(request);
  const id = feedId(request);
  if (!id) return jsonResponse({ errors: { id: t("validation.required") } }, 422);
  const feed = await findEconFeed(user, id);
  if (!feed) return jsonResponse({ error: t("econApi.feedNotFound") }, 404);
  return jsonResponse(withReasonText(await econFeedDetails(feed), t));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiSubscription(request, "macroeconomic");
  const t = await getFixedT(request);
  if (request.method !== "POST" && request.method !== "PUT") return methodNotAllowed(allow);

  const editing = request.method === "PUT";
  const id = feedId(request);
  if (editing && !id) return jsonResponse({ errors: { id: t("validation.required") } }, 422);
  const feed = editing ? await findEconFeed(user, id) : null;
  if (editing && !feed) return jsonResponse({ error: t("econApi.feedNotFound") }, 404);

  const body = await readJsonObject(request, t);
  if (!body.ok) return body.response;
  const parsed = econFeedSchema.safeParse(econFormValues(body.value));
  if (!parsed.success) return jsonResponse({ errors: translateErrors(t, fieldErrors(parsed.error)) }, 422);

  const username = typeof body.value.username === "string" ? body.value.username.trim() : undefined;
  const ownerId = feed ? feed.user_id : await ownerFor(user, username);
  if (!ownerId) return jsonResponse({ errors: { username: t("econApi.unknownUser") } }, 422);
  const { preview, errors } = await checkEconSelection(parsed.data, { userId: ownerId, feedId: feed?.id });
  // Only the edited feed's own password may stay, and only for the same FTP server and login.
  Object.assign(errors, checkFtpPassword(parsed.data, ftpOnFile(feed, ownerId)));
  if (Object.keys(errors).length > 0 || !preview.ok) return jsonResponse({ errors: translateErrors(t, errors) }, 422);

  if (feed) {
    await updateEconFeed(feed, parsed.data);
    return jsonResponse({ id: feed.id });
  }
  try {
    const created = await createEconFeed(ownerId, parsed.data);
    return jsonResponse({ id: created, preview: { total: preview.total } }, 201);
  } catch (error) {
    // Another request activated a feed since the check: the same answer as the check's.
    if (!(error instanceof FeedLimitError)) throw error;
    return jsonResponse({ errors: translateErrors(t, { status: encodeMessage("validation.feedLimit", { max: activeFeedLimit }) }) }, 422);
  }
}
