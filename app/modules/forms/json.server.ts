import type { TFunction } from "i18next";
import type { z, ZodError, ZodTypeAny } from "zod";
import { formatBytes, readBodyBytes } from "~/modules/http/body.server";
import { translateErrors } from "./messages";

export type JsonBody = { ok: true; value: Record<string, unknown> } | { ok: false; response: Response };

/** Deeper JSON than any form of ours sends; walking it further only costs the server. */
const MAX_JSON_DEPTH = 16;
/** Keys that would reach an object's prototype if the value were ever merged into another object. */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Resource routes answer with a real Response so the status code is kept. */
export function jsonResponse(body: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}

/** 405 for a method the resource does not answer, naming the ones it does. */
export function methodNotAllowed(allow = "POST"): Response {
  return jsonResponse({ error: "Method not allowed" }, 405, { Allow: allow });
}

function isJsonContentType(contentType: string | null): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? "");
}

/**
 * Walks a parsed value without recursion: too deep is refused, prototype-like keys are dropped in place.
 * Returns false when the value is nested deeper than MAX_JSON_DEPTH.
 */
function tameJson(value: unknown): boolean {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== "object" || node === null) continue;
    if (depth >= MAX_JSON_DEPTH) return false;
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(node)) {
      if (PROTOTYPE_KEYS.has(key)) Reflect.deleteProperty(node, key);
      else stack.push({ node: Reflect.get(node, key), depth: depth + 1 });
    }
  }
  return true;
}

/**
 * The one JSON body reader of every /api route: application/json only (415), within the size limit (413,
 * counted while streaming), valid UTF-8 and JSON (400), an object (400), not too deep (422). Never a 500.
 */
export async function readJsonObject(request: Request, t: TFunction): Promise<JsonBody> {
  const fail = (body: unknown, status: number) => ({ ok: false as const, response: jsonResponse(body, status) });
  if (!isJsonContentType(request.headers.get("Content-Type"))) return fail({ error: t("http.jsonOnly") }, 415);
  const body = await readBodyBytes(request);
  if (!body.ok) return fail({ error: t("http.bodyTooLarge", { max: formatBytes(body.limit) }) }, 413);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body.bytes));
  } catch {
    return fail({ error: t("validation.badJson") }, 400);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return fail({ error: t("validation.badJson") }, 400);
  if (!tameJson(value)) return fail({ errors: { _: t("http.tooDeep") } }, 422);
  return { ok: true, value: Object.fromEntries(Object.entries(value)) };
}

/**
 * A JSON body as readJsonObject reads it, checked against the route's zod schema (the one its page's form uses): its
 * data, or the answer to give instead (readJsonObject's 4xx, or 422 with the schema's messages).
 */
export async function readJsonWith<Schema extends ZodTypeAny>(
  request: Request,
  schema: Schema,
  t: TFunction,
): Promise<{ ok: true; data: z.output<Schema> } | { ok: false; response: Response }> {
  const body = await readJsonObject(request, t);
  if (!body.ok) return body;
  const parsed = schema.safeParse(body.value);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, response: zodErrorResponse(parsed.error, t) };
}

/** `{errors: {field: message}}` with the first message of each field, translated. */
export function zodErrorResponse(error: ZodError, t: TFunction) {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "_";
    errors[field] ??= issue.message;
  }
  return jsonResponse({ errors: translateErrors(t, errors) }, 422);
}
