import type { TFunction } from "i18next";
import type { ZodError } from "zod";
import { translateErrors } from "./messages";

export type JsonBody = { ok: true; value: Record<string, unknown> } | { ok: false; response: Response };

/** Resource routes answer with a real Response so the status code is kept. */
export function jsonResponse(body: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}

/** 405 for a method the resource does not answer, naming the ones it does. */
export function methodNotAllowed(allow = "POST"): Response {
  return jsonResponse({ error: "Method not allowed" }, 405, { Allow: allow });
}

/** Reads a JSON object body; anything else is a 400 with a message, never a 500. */
export async function readJsonObject(request: Request, t: TFunction): Promise<JsonBody> {
  let value: unknown;
  try {
    value = await request.json();
  } catch {
    return { ok: false, response: jsonResponse({ error: t("validation.badJson") }, 400) };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, response: jsonResponse({ error: t("validation.badJson") }, 400) };
  }
  return { ok: true, value: value as Record<string, unknown> };
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
