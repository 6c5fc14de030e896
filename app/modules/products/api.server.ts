import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { TFunction } from "i18next";
import { z } from "zod";
import { requireApiAdmin, requireApiSubscription } from "~/modules/auth/guards.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { cancelUserDump, findDump, listDumps } from "~/modules/feeds/dump-queries.server";
import {
  deleteFeeds,
  feedDetails,
  findFeed,
  listFeeds,
  recoverFeed,
  runUserFeedsAsDumps,
  withRuns,
  type FeedRow,
} from "~/modules/feeds/feed-queries.server";
import { retryDeliverySchema, retryMessage } from "~/modules/feeds/delivery-state";
import { FeedLimitError } from "~/modules/feeds/feeds.server";
import { retryUserDelivery } from "~/modules/feeds/retry-delivery.server";
import { resendAddressConfirmation } from "~/modules/feeds/notification-addresses.server";
import { resendAddressSchema } from "~/modules/feeds/model";
import { idListSchema, parseIdList, recoverFeedSchema } from "~/modules/feeds/form-shapes";
import { statusFilters } from "~/modules/feeds/status-filter";
import {
  checkSubmission,
  feedLimitMessage,
  setFeedActive,
  storeDump,
  storeFeed,
  storeFeedEdit,
  type AnyDescriptor,
} from "~/modules/feeds/submission.server";
import { jsonNotFound } from "~/modules/http/responses";
import { jsonResponse, methodNotAllowed, readJsonObject, readJsonWith, zodErrorResponse } from "~/modules/forms/json.server";
import { translateErrors, translateMessage } from "~/modules/forms/messages";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { recordIncident } from "~/modules/incidents/incidents.server";
import { productCatalogue, type ApiResourceKind } from "~/modules/registry/product-catalogue";
import { productDescriptors } from "./registry.server";

/**
 * The JSON API of every product's feeds and dumps (/api/{segment}-feed, -feeds, -dump, …): one implementation,
 * bound to each address of the product catalogue by its resource kind (productApi below, which the one route
 * module routes/api/product-api.ts serves). The bodies carry the form's field names and go through the same
 * checks as the pages (checkSubmission); answers are translated by ?lang= or Accept-Language.
 */

interface Resource {
  loader(args: LoaderFunctionArgs): Promise<Response>;
  action(args: ActionFunctionArgs): Promise<Response>;
}

/** A feed list action's ids: at most this many per call. */
const maxListIds = 1000;

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const invalidOption = { errorMap: () => ({ message: "validation.invalidOption" }) };
const listFilterShape = {
  status: z.preprocess(emptyToUndefined, z.enum(statusFilters, invalidOption).optional()),
  username: z.preprocess(emptyToUndefined, z.string().trim().max(254, "validation.tooLong|max=254").optional()),
};
const feedsFilterSchema = z.object({
  ...listFilterShape,
  deleted: z.preprocess(emptyToUndefined, z.enum(["0", "1", "true", "false"], invalidOption).optional()),
});
const dumpsFilterSchema = z.object({ ...listFilterShape, ids: z.preprocess(emptyToUndefined, idListSchema(maxListIds).optional()) });

/**
 * Who a resource answers: the product's subscribers (and admins), or admins only (/api/admin/*, where every
 * list is everyone's). The checks and answers are otherwise the same.
 */
type Audience = "subscribers" | "admins";

interface ApiScope {
  descriptor: AnyDescriptor;
  audience: Audience;
}

/** The request's user, once per call: 401 without a session, 403 without the product's subscription or, for admin resources, without being an admin. */
async function guard(request: Request, api: ApiScope): Promise<{ user: CurrentUser; t: TFunction }> {
  const user = api.audience === "admins" ? await requireApiAdmin(request) : await requireApiSubscription(request, api.descriptor.product);
  return { user, t: await getFixedT(request) };
}

/** A resource that answers only some methods: the others are 405 with Allow, after the same guard. */
function resource(api: ApiScope, allow: string, handlers: Partial<Record<string, (request: Request) => Promise<Response>>>): Resource {
  const answer = async (request: Request) => {
    const handler = handlers[request.method];
    if (!handler) {
      await guard(request, api);
      return methodNotAllowed(allow);
    }
    return handler(request);
  };
  return { loader: ({ request }) => answer(request), action: ({ request }) => answer(request) };
}

function queryId(request: Request): string {
  return new URL(request.url).searchParams.get("id")?.trim() ?? "";
}

/** The feed named by ?id= when the user may see it; otherwise the answer: 422 without an id, 404 for others' and unknown feeds. */
async function queriedFeed(request: Request, user: CurrentUser, t: TFunction, api: ApiScope): Promise<FeedRow | Response> {
  const id = queryId(request);
  if (!id) return jsonResponse({ errors: { id: t("validation.required") } }, 422);
  return (await findFeed(user, api.descriptor.product, id)) ?? jsonNotFound(t("econApi.feedNotFound"));
}

/** A feed's or dump's answer with the reason the portal paused or stopped it, in the language asked for. */
function withReasonText<T extends { pauseReason?: string | null; stopReason?: string | null }>(details: T, t: TFunction) {
  if (details.pauseReason) return { ...details, reasonText: t(`econ.feedDetails.pauseReasons.${details.pauseReason}`) };
  if (details.stopReason) return { ...details, reasonText: t(`dumps.stopReasons.${details.stopReason}`) };
  return { ...details, reasonText: null };
}

function engineFailed(request: Request, user: CurrentUser, t: TFunction, api: ApiScope, error: unknown) {
  // The engine failed (the queue refused the job): the admins see it among the incidents.
  return recordIncident({ request, error, username: user.username })
    .catch(() => undefined)
    .then(() => jsonResponse({ error: t("econApi.dumpFailed", { product: t(`econApi.products.${api.descriptor.product}`) }) }, 503));
}

/** GET /api/{segment}-options: the choices of the product's feed and dump forms. */
function optionsResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "GET", {
    GET: async (request) => {
      const { user } = await guard(request, api);
      return jsonResponse(await api.descriptor.loadOptions({ userId: user.id }));
    },
  });
}

/**
 * GET /api/{segment}-feeds?status=active|inactive&username=: the user's feeds, or everyone's for an admin, who
 * may filter by username and list deleted feeds (deleted=1) to recover one. Others' filters are ignored.
 */
function feedsResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "GET", { GET: (request) => feedsAnswer(request, api) });
}

async function feedsAnswer(request: Request, api: ApiScope): Promise<Response> {
  const { user, t } = await guard(request, api);
  const parsed = feedsFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return zodErrorResponse(parsed.error, t);
  const { status, username, deleted } = parsed.data;
  return jsonResponse({
    feeds: await withRuns(
      await listFeeds(user, api.descriptor.product, { status, username, deleted: deleted === "1" || deleted === "true" }),
    ),
  });
}

async function feedAnswer(request: Request, api: ApiScope): Promise<Response> {
  const { user, t } = await guard(request, api);
  const feed = await queriedFeed(request, user, t, api);
  if (feed instanceof Response) return feed;
  return jsonResponse(withReasonText(await feedDetails(feed, api.descriptor.criteriaSchema), t));
}

/** PUT (or POST) ?id= the whole edited feed; an omitted FTP password keeps the stored one for the same server and login. */
async function editFeed(request: Request, api: ApiScope): Promise<Response> {
  const { user, t } = await guard(request, api);
  const feed = await queriedFeed(request, user, t, api);
  if (feed instanceof Response) return feed;
  const body = await readJsonObject(request, t);
  if (!body.ok) return body.response;
  const checked = await checkSubmission(api.descriptor, "feed", { ...body.value, intent: "save" }, { user, feed });
  if (!checked.ok) return jsonResponse({ errors: translateErrors(t, checked.errors) }, checked.status);
  await storeFeedEdit(api.descriptor, user, feed, checked.values);
  return jsonResponse({ id: feed.id });
}

/** POST a new feed (admins may name a `username` to act for). */
async function createFeed(request: Request, api: ApiScope): Promise<Response> {
  const { user, t } = await guard(request, api);
  const body = await readJsonObject(request, t);
  if (!body.ok) return body.response;
  const username = typeof body.value.username === "string" ? body.value.username.trim() : undefined;
  const checked = await checkSubmission(api.descriptor, "feed", { ...body.value, intent: "create" }, { user, username });
  if (!checked.ok) return jsonResponse({ errors: translateErrors(t, checked.errors) }, checked.status);
  try {
    const created = await storeFeed(api.descriptor, user, checked.ownerId, checked.values);
    // The dump of the current data, when asked for; the answer stays as it was for clients that do not ask.
    const initialDump = created.initialDumpId ? { initialDumpId: created.initialDumpId } : {};
    return jsonResponse({ id: created.id, ...initialDump, preview: { total: checked.preview?.total ?? 0 } }, 201);
  } catch (error) {
    // Another request activated a feed since the check: the same answer as the check's.
    if (!(error instanceof FeedLimitError)) throw error;
    return jsonResponse({ errors: translateErrors(t, { status: feedLimitMessage(api.descriptor) }) }, 422);
  }
}

/**
 * /api/{segment}-feed: GET ?id= a feed's details; POST a new feed; PUT ?id= the edited feed. Others' and
 * unknown feeds are a 404, as on the pages.
 */
function feedResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "GET, POST, PUT", {
    GET: (request) => feedAnswer(request, api),
    POST: (request) => createFeed(request, api),
    PUT: (request) => editFeed(request, api),
  });
}

/** PATCH ?id= {active}: turns the feed on (within the product's active-feed limit) or off. */
async function activateFeed(request: Request, api: ApiScope): Promise<Response> {
  const { user, t } = await guard(request, api);
  const feed = await queriedFeed(request, user, t, api);
  if (feed instanceof Response) return feed;
  const body = await readJsonObject(request, t);
  if (!body.ok) return body.response;
  if (typeof body.value.active !== "boolean") return jsonResponse({ errors: { active: t("validation.invalidOption") } }, 422);
  if ((await setFeedActive(api.descriptor, user, feed, body.value.active)) === "limit")
    return jsonResponse({ errors: translateErrors(t, { active: feedLimitMessage(api.descriptor) }) }, 422);
  return jsonResponse({ id: feed.id, status: body.value.active ? "active" : "inactive" });
}

/**
 * /api/{segment}-feed for a product whose feeds are listed, created, edited and turned on or off at one
 * address (documents): GET lists them (or ?id= one), POST creates, PUT ?id= edits, PATCH ?id= {active}.
 */
function feedCollectionResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "GET, POST, PUT, PATCH", {
    GET: (request) => (queryId(request) ? feedAnswer(request, api) : feedsAnswer(request, api)),
    POST: (request) => createFeed(request, api),
    PUT: (request) => editFeed(request, api),
    PATCH: (request) => activateFeed(request, api),
  });
}

/** /api/{segment}-feed/edit?id=: the edited feed, by PUT or POST. */
function feedEditResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "PUT, POST", {
    PUT: (request) => editFeed(request, api),
    POST: (request) => editFeed(request, api),
  });
}

/**
 * The preview routes: what a feed's or dump's criteria select (the total and the first items), or the errors.
 * A preview has no name yet and saves nothing, so the active-feed limit does not apply.
 */
function previewResource(descriptor: AnyDescriptor, kind: "feed" | "dump", audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "POST", {
    POST: async (request) => {
      const { user, t } = await guard(request, api);
      const body = await readJsonObject(request, t);
      if (!body.ok) return body.response;
      const name = typeof body.value.name === "string" && body.value.name.trim() ? body.value.name : "preview";
      const source = { ...body.value, name, status: "inactive", intent: "preview" };
      const checked =
        kind === "feed"
          ? await checkSubmission(api.descriptor, "feed", source, { user })
          : await checkSubmission(api.descriptor, "dump", source, { user });
      if (!checked.ok || !checked.preview) return jsonResponse({ errors: translateErrors(t, checked.ok ? {} : checked.errors) }, 422);
      const { total, items, notice } = checked.preview;
      return jsonResponse({ total, items, ...(notice ? { notice: translateMessage(t, notice) } : {}) });
    },
  });
}

/**
 * The {ids} body of the list actions (delete, run as dump). Empty is SPEC.md's "Please fill out this field.";
 * every id must be a feed the user may see (their own, any for an admin), or nothing happens.
 */
async function readVisibleFeedIds(
  request: Request,
  user: CurrentUser,
  t: TFunction,
  api: ApiScope,
): Promise<{ ok: true; ids: string[] } | { ok: false; response: Response }> {
  const body = await readJsonObject(request, t);
  if (!body.ok) return body;
  const list = parseIdList(body.value.ids, maxListIds);
  if (!list.ok) return { ok: false, response: jsonResponse({ errors: { ids: t(list.error) } }, 422) };
  if (list.ids.length === 0) return { ok: false, response: jsonResponse({ errors: { ids: t("validation.required") } }, 422) };
  const visible = new Set((await listFeeds(user, api.descriptor.product)).map((feed) => feed.id));
  if (list.ids.some((id) => !visible.has(id))) return { ok: false, response: jsonNotFound(t("econApi.feedNotFound")) };
  return { ok: true, ids: list.ids };
}

/** POST /api/{segment}-delete-feeds {ids}: deletes the selected feeds at once (an admin can recover them). */
function deleteFeedsResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "POST", {
    POST: async (request) => {
      const { user, t } = await guard(request, api);
      const ids = await readVisibleFeedIds(request, user, t, api);
      if (!ids.ok) return ids.response;
      return jsonResponse({ deleted: await deleteFeeds(user, api.descriptor.product, ids.ids) });
    },
  });
}

/** POST /api/{segment}-run-dump {ids}: each selected feed runs as a dump with its selection; answers the new dump ids. */
function runDumpResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "POST", {
    POST: async (request) => {
      const { user, t } = await guard(request, api);
      const ids = await readVisibleFeedIds(request, user, t, api);
      if (!ids.ok) return ids.response;
      try {
        return jsonResponse({ dumps: await runUserFeedsAsDumps(user, api.descriptor.product, ids.ids) }, 201);
      } catch (error) {
        return engineFailed(request, user, t, api, error);
      }
    },
  });
}

/** POST /api/{segment}-recover-feed {id}: an admin brings a deleted feed back (inactive). */
function recoverFeedResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "POST", {
    POST: async (request) => {
      const { user, t } = await guard(request, api);
      if (!user.isAdmin) return jsonResponse({ error: t("econApi.adminOnly") }, 403);
      const parsed = await readJsonWith(request, recoverFeedSchema, t);
      if (!parsed.ok) return parsed.response;
      const { id } = parsed.data;
      if (!(await recoverFeed(user, api.descriptor.product, id))) return jsonNotFound(t("econApi.recoverFailed"));
      return jsonResponse({ id });
    },
  });
}

/**
 * GET /api/{segment}-dumps?status=active|inactive&username=&ids=a,b: the user's dumps with progress and files
 * (everyone's for an admin, who may filter by username); `ids` narrows the list, for polling a few dumps.
 */
function dumpsResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "GET", { GET: (request) => dumpsAnswer(request, api) });
}

async function dumpsAnswer(request: Request, api: ApiScope): Promise<Response> {
  const { user, t } = await guard(request, api);
  const parsed = dumpsFilterSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return zodErrorResponse(parsed.error, t);
  return jsonResponse({ dumps: await listDumps(user, api.descriptor.product, parsed.data) });
}

/** DELETE ?id= (or POST {id}): cancels a dump while it can be cancelled; an ended dump is a 409, others' a 404. */
async function cancelDump(request: Request, api: ApiScope, idFromBody: boolean): Promise<Response> {
  const { user, t } = await guard(request, api);
  let id = queryId(request);
  if (!id && idFromBody) {
    const body = await readJsonObject(request, t);
    if (!body.ok) return body.response;
    id = typeof body.value.id === "string" ? body.value.id.trim() : "";
  }
  if (!id) return jsonResponse({ errors: { id: t("validation.required") } }, 422);
  const outcome = await cancelUserDump(user, api.descriptor.product, id);
  if (outcome === "not-found") return jsonNotFound(t("econApi.dumpNotFound"));
  if (outcome === "not-cancellable") return jsonResponse({ error: t("econApi.notCancellable") }, 409);
  return jsonResponse({ id, status: "cancelled" });
}

/**
 * /api/{segment}-dump: GET ?id= a dump's details with progress and files (others' and unknown dumps are a 404);
 * POST a new dump, queued for the worker (admins may name a `username` to act for); DELETE ?id= cancels it.
 */
function dumpResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "GET, POST, DELETE", {
    GET: (request) => dumpAnswer(request, api),
    POST: (request) => createDump(request, api),
    DELETE: (request) => cancelDump(request, api, false),
  });
}

/**
 * A product's dumps at one address (the admin panel's /api/admin/{product}-dumps): GET lists them, everyone's
 * for admins (or ?id= one), POST creates one (admins on behalf of `username`), DELETE ?id= cancels one.
 */
function dumpCollectionResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "GET, POST, DELETE", {
    GET: (request) => (queryId(request) ? dumpAnswer(request, api) : dumpsAnswer(request, api)),
    POST: (request) => createDump(request, api),
    DELETE: (request) => cancelDump(request, api, false),
  });
}

async function dumpAnswer(request: Request, api: ApiScope): Promise<Response> {
  const { user, t } = await guard(request, api);
  const id = queryId(request);
  if (!id) return jsonResponse({ errors: { id: t("validation.required") } }, 422);
  const dump = await findDump(user, api.descriptor.product, id, api.descriptor.criteriaSchema);
  if (!dump) return jsonNotFound(t("econApi.dumpNotFound"));
  return jsonResponse(withReasonText(dump, t));
}

async function createDump(request: Request, api: ApiScope): Promise<Response> {
  const { user, t } = await guard(request, api);
  const body = await readJsonObject(request, t);
  if (!body.ok) return body.response;
  const username = typeof body.value.username === "string" ? body.value.username.trim() : undefined;
  // A dump of the API has no stored password to keep: an FTP delivery needs one typed.
  const checked = await checkSubmission(api.descriptor, "dump", { ...body.value, intent: "create" }, { user, username });
  if (!checked.ok) return jsonResponse({ errors: translateErrors(t, checked.errors) }, checked.status);
  try {
    return jsonResponse({ id: await storeDump(api.descriptor, user, checked.ownerId, checked.values) }, 201);
  } catch (error) {
    return engineFailed(request, user, t, api, error);
  }
}

/** DELETE /api/{segment}-dump-cancel?id= (or POST {id}). */
function dumpCancelResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "DELETE, POST", {
    DELETE: (request) => cancelDump(request, api, false),
    POST: (request) => cancelDump(request, api, true),
  });
}

/**
 * POST /api/{segment}-retry-delivery {runId} or {dumpId}: "Retry delivery now" on a run of one's feed or on one's
 * dump (an admin's on anyone's); answers how many deliveries are tried again, how many a worker is trying already
 * (a 200 too: nothing failed) and the message saying so. Others' and unknown ones are a 404.
 */
function retryDeliveryResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "POST", {
    POST: async (request) => {
      const { user, t } = await guard(request, api);
      const parsed = await readJsonWith(request, retryDeliverySchema, t);
      if (!parsed.ok) return parsed.response;
      const { runId, dumpId } = parsed.data;
      const target = runId ? { runId } : dumpId ? { dumpId } : null;
      if (!target) return jsonResponse({ errors: { runId: t("validation.required") } }, 422);
      const retried = await retryUserDelivery(user, api.descriptor.product, target);
      if (retried === "not-found") return jsonNotFound(t(runId ? "econApi.feedNotFound" : "econApi.dumpNotFound"));
      return jsonResponse({ ...retried, message: t(retryMessage(retried)) });
    },
  });
}

/**
 * POST /api/{segment}-resend-address {address}: "Send the link again" to one of the user's notification addresses
 * awaiting confirmation: 200 `{sent: true, message}`, 404 for an address that awaits nothing, 429 `{error}` with
 * Retry-After beyond once a minute and 5 times a day per address.
 */
function resendAddressResource(descriptor: AnyDescriptor, audience: Audience = "subscribers"): Resource {
  const api: ApiScope = { descriptor, audience };
  return resource(api, "POST", {
    POST: async (request) => {
      const { user, t } = await guard(request, api);
      const parsed = await readJsonWith(request, resendAddressSchema, t);
      if (!parsed.ok) return parsed.response;
      const { address } = parsed.data;
      const outcome = await resendAddressConfirmation(user.id, address);
      if (outcome.status === "unknown") return jsonNotFound(t("notificationAddress.notAwaiting"));
      if (outcome.status === "limited")
        return jsonResponse({ error: t("notificationAddress.tooOften") }, 429, { "Retry-After": String(outcome.retryAfterSeconds) });
      return jsonResponse({ sent: true, message: t("notificationAddress.resent", { address }) });
    },
  });
}

/** The function that answers each kind of address of the catalogue. */
const resourceKinds: Record<ApiResourceKind, (descriptor: AnyDescriptor, audience: Audience) => Resource> = {
  options: optionsResource,
  feeds: feedsResource,
  feed: feedResource,
  "feed-collection": feedCollectionResource,
  "feed-edit": feedEditResource,
  "feed-preview": (descriptor, audience) => previewResource(descriptor, "feed", audience),
  "delete-feeds": deleteFeedsResource,
  "recover-feed": recoverFeedResource,
  "run-dump": runDumpResource,
  dumps: dumpsResource,
  dump: dumpResource,
  "dump-collection": dumpCollectionResource,
  "dump-preview": (descriptor, audience) => previewResource(descriptor, "dump", audience),
  "dump-cancel": dumpCancelResource,
  "retry-delivery": retryDeliveryResource,
  "resend-address": resendAddressResource,
};

/** A path as the router compares it: each segment decoded, without case or a trailing slash. */
function routeKey(pathname: string): string {
  const segments = pathname.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment).replace(/\//g, "%2F");
    } catch {
      return segment;
    }
  });
  return segments.join("/").replace(/\/+$/, "").toLowerCase();
}

/** Every address of the catalogue's JSON APIs, with its product's resource for its audience. */
const resources = new Map<string, Resource>(
  productCatalogue.flatMap((entry) => {
    const descriptor = productDescriptors[entry.segment];
    const bind = (api: Readonly<Record<string, ApiResourceKind>>, audience: Audience) =>
      Object.entries(api).map(([path, kind]) => [routeKey(`/${path}`), resourceKinds[kind](descriptor, audience)] as const);
    return [...bind(entry.api, "subscribers"), ...bind(entry.adminApi, "admins")];
  }),
);

/** Any address without a resource here: the JSON 404 of routes/api/not-found.ts. */
async function noResource(request: Request): Promise<Response> {
  const t = await getFixedT(request);
  return jsonNotFound(t("http.apiNotFound"));
}

/** Every product's JSON API: the resource of the requested address (remix.config.js routes only the catalogue's addresses here). */
export const productApi: Resource = {
  loader: (args) => resources.get(routeKey(new URL(args.request.url).pathname))?.loader(args) ?? noResource(args.request),
  action: (args) => resources.get(routeKey(new URL(args.request.url).pathname))?.action(args) ?? noResource(args.request),
};
