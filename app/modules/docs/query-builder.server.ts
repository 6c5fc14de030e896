import { STATUS_CODES } from "node:http";
import { data } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { sha256 } from "~/modules/auth/crypto.server";
import { sessionKeyFor } from "~/modules/auth/session-keys.server";
import { getOptionalUser } from "~/modules/auth/session.server";
import { setAccess } from "~/modules/data-api/access-rules";
import { callUrl } from "~/modules/data-api/call-url";
import { callDataApi, dataApiBaseUrl, type DataApiAnswer } from "~/modules/data-api/client.server";
import { formFailure, readFormData, validationFailure } from "~/modules/forms/form-data.server";
import { encodeMessage } from "~/modules/forms/messages";
import { clientAddress } from "~/modules/http/client-address.server";
import { addressLimitKey } from "~/modules/rate-limit/address-key";
import { hitRateLimit, type RateLimitResult } from "~/modules/rate-limit/rate-limit.server";
import type { DocSetId } from "~/modules/registry/registry";
import { readSandboxTrialKey } from "~/modules/sandbox/trial-cookie.server";
import {
  builderForm,
  builderRequest,
  builderSchema,
  curlCommand,
  initialValues,
  KEY_FIELD,
  maskKey,
  prefilledValues,
  prettyBody,
  QUERY_BUILDER_FORM_ID,
  USERNAME_FIELD,
  type BuilderAccess,
  type BuilderCredentials,
  type BuilderForm,
  type BuilderRequest,
  type BuilderResult,
  type QueryBuilderData,
} from "./query-builder";
import { getDocSetData } from "./routing-data.server";
import { findOperation, type ApiModel, type ApiOperation } from "./spec-model";

export interface BuilderKey {
  access: BuilderAccess;
  key: string | null;
  /** Fund flows: the signed-in user's username for POST /Session. */
  username: string | null;
}

/** The key this browser holds for the set, and how the page explains it. */
export async function builderKeyFor(request: Request, set: DocSetId): Promise<BuilderKey> {
  const access = setAccess[set];
  if (access.kind === "trial-key") {
    const key = await readSandboxTrialKey(request);
    return { access: key ? { state: "ready", source: "trial" } : { state: "register" }, key, username: null };
  }
  const user = await getOptionalUser(request);
  if (!user) return { access: { state: "sign-in" }, key: null, username: null };
  if (!user.subscriptions[access.product]) return { access: { state: "subscribe" }, key: null, username: user.email };
  const key = await sessionKeyFor(request, access.platform);
  return { access: key ? { state: "ready", source: "session" } : { state: "generate" }, key, username: user.email };
}

/** The key lookup of a request, made once however often asked: the samples and the builder share it. */
export function keyLookup(request: Request, set: DocSetId): () => Promise<BuilderKey> {
  let held: Promise<BuilderKey> | undefined;
  return () => (held ??= builderKeyFor(request, set));
}

/** The builder of an operation page, its fields filled from the page's address where a link gave values. */
export function queryBuilderData(set: DocSetId, form: BuilderForm, held: BuilderKey, search: URLSearchParams): QueryBuilderData {
  return { set, access: held.access, initial: { ...initialValues(form, held), ...prefilledValues(form, search) } };
}

/** Fund flows' session operation (its spec): the builder calls it first with the username and password or key. */
const SESSION_OPERATION = { method: "POST", path: "/Session" } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The builder's form of an operation of a set: the set's way of authenticating, unless the operation is open. */
export function operationBuilderForm(set: DocSetId, model: ApiModel, operation: ApiOperation): BuilderForm {
  const credentials: BuilderCredentials = operation.open ? "none" : setAccess[set].kind;
  return builderForm(model, operation, credentials);
}

/** The form of the operation a docs URL names (`docs/{tag}?path=&method=`), or null (also for a webhook). */
export async function operationFormAt(set: DocSetId, page: string, search: URLSearchParams): Promise<BuilderForm | null> {
  const tagSlug = /^docs\/([^/]+)$/.exec(page)?.[1];
  const path = search.get("path");
  const method = search.get("method");
  if (!tagSlug || !path || !method) return null;
  const { model } = await getDocSetData(set);
  const operation = findOperation(model, path, method);
  const tag = model.tags.find((candidate) => candidate.slug === tagSlug);
  // A webhook is sent by the API, never called: its page has no builder to post.
  if (!operation || operation.webhook || !tag || !operation.tags.includes(tag.name)) return null;
  return operationBuilderForm(set, model, operation);
}

/** Beyond this the page shows the start of the body only. */
const SHOWN_BODY_CHARACTERS = 300_000;

function header(headers: Record<string, string>, name: string): string | undefined {
  return Object.entries(headers).find(([candidate]) => candidate.toLowerCase() === name)?.[1];
}

/** One call the builder made: what it sent, what the curl line shows of it (the credential masked), the answer. */
interface Sent {
  shown: BuilderRequest;
  answer: DataApiAnswer;
}

function resultOf(set: DocSetId, sent: Sent[], showKey: boolean, sessionRefused: boolean): BuilderResult {
  const { answer } = sent[sent.length - 1]!;
  const body = prettyBody(answer.body, header(answer.headers, "content-type"));
  const base = dataApiBaseUrl(set);
  const curl = sent
    .map(({ shown: call }) =>
      curlCommand({ method: call.method, url: callUrl(base, call.path, call.query), headers: call.headers, body: call.body }),
    )
    .join("\n\n");
  return {
    status: answer.status,
    statusText: STATUS_CODES[answer.status] ?? "",
    headers: Object.entries(answer.headers).sort(([a], [b]) => a.localeCompare(b)),
    durationMs: Math.round(sent.reduce((total, { answer: each }) => total + each.durationMs, 0)),
    body: body.slice(0, SHOWN_BODY_CHARACTERS),
    truncated: body.length > SHOWN_BODY_CHARACTERS,
    retryAfter: answer.status === 429 ? (header(answer.headers, "retry-after") ?? null) : null,
    curl,
    keyShown: showKey,
    sessionRefused,
  };
}

function stringValue(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  return typeof value === "string" ? value : "";
}

/** The bearer token of a successful POST /Session answer (`data[0].token`), or null. */
function sessionToken(answer: DataApiAnswer): string | null {
  if (answer.status !== 200) return null;
  try {
    const parsed: unknown = JSON.parse(answer.body);
    const first = isRecord(parsed) && Array.isArray(parsed.data) ? parsed.data[0] : undefined;
    return isRecord(first) && typeof first.token === "string" ? first.token : null;
  } catch {
    return null;
  }
}

/** Fund flows' POST /Session with the username and password (or API key) given, as any script would send it. */
function sessionRequest(username: string, password: string): BuilderRequest {
  return {
    ...SESSION_OPERATION,
    query: [],
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  };
}

/**
 * Sends a minute through the builder from one client address and with one key: far more than a person trying
 * calls makes, too few for the portal to serve as an anonymous relay to a real upstream (UPSTREAM_URLS).
 */
export const BUILDER_SENDS_PER_ADDRESS = 60;
export const BUILDER_SENDS_PER_KEY = 20;
const BUILDER_WINDOW_MS = 60 * 1000;

/** Counts one send against the client address and the key (as a hash: the limits table holds no key). */
async function admitSend(request: Request, key: string): Promise<RateLimitResult> {
  const limits = [
    { key: `builder:address:${addressLimitKey(clientAddress(request))}`, limit: BUILDER_SENDS_PER_ADDRESS },
    ...(key ? [{ key: `builder:key:${sha256(key)}`, limit: BUILDER_SENDS_PER_KEY }] : []),
  ];
  for (const { key: limitKey, limit } of limits) {
    const result = await hitRateLimit(limitKey, limit, BUILDER_WINDOW_MS);
    if (!result.allowed) return result;
  }
  return { allowed: true, retryAfterSeconds: 0 };
}

/** Every answer of the builder repeats the key it was sent (the form's values): no cache may keep it. */
const NOT_STORED = { "Cache-Control": "no-store" };

/**
 * The page action of an operation page: checks the form with the operation's schema, counts the send against
 * the client's and the key's budgets (429 past them), calls the set's data API with the key the user sent (never
 * one they did not give), and answers what it said. The key is never logged; the curl line shows it masked
 * unless the user asked to see it.
 */
export async function sendQuery(request: Request, set: DocSetId, form: BuilderForm) {
  const result = await withZod(builderSchema(form)).validate(await readFormData(request));
  if (result.error) return validationFailure(result.error, result.submittedData, NOT_STORED);
  const values = result.data;
  const key = stringValue(values, KEY_FIELD);
  const admitted = await admitSend(request, form.credentials === "none" ? "" : key);
  if (!admitted.allowed) {
    const seconds = admitted.retryAfterSeconds;
    const message = encodeMessage("queryBuilder.tooManySends", {
      perAddress: BUILDER_SENDS_PER_ADDRESS,
      perKey: BUILDER_SENDS_PER_KEY,
      seconds,
    });
    return formFailure(message, result.submittedData, 429, QUERY_BUILDER_FORM_ID, { ...NOT_STORED, "Retry-After": String(seconds) });
  }
  const showKey = values.showKey === true;
  const shownSecret = (secret: string) => (showKey ? secret : maskKey(secret));
  const send = async (call: BuilderRequest, shown: BuilderRequest): Promise<Sent> => ({
    shown,
    answer: await callDataApi({ set, ...call, clientAddress: clientAddress(request) }),
  });
  const submitted = Object.fromEntries(Object.entries(result.submittedData).map(([name, value]) => [name, String(value)]));
  const answered = (sent: Sent[], sessionRefused = false) =>
    data(
      { formId: QUERY_BUILDER_FORM_ID, values: submitted, result: resultOf(set, sent, showKey, sessionRefused) },
      { headers: NOT_STORED },
    );

  if (form.credentials === "session") {
    const username = stringValue(values, USERNAME_FIELD);
    const session = await send(sessionRequest(username, key), sessionRequest(username, shownSecret(key)));
    const token = sessionToken(session.answer);
    if (!token) return answered([session], true);
    return answered([session, await send(builderRequest(form, values, token), builderRequest(form, values, shownSecret(token)))]);
  }
  const credential = form.credentials === "none" ? null : key;
  return answered([
    await send(builderRequest(form, values, credential), builderRequest(form, values, credential && shownSecret(credential))),
  ]);
}
