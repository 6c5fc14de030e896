import { data } from "@remix-run/node";
import type { ValidatorError } from "remix-validated-form";
import { formatBytes, readBodyBytes } from "~/modules/http/body.server";

/**
 * The request with its body read within the size limit (413 beyond it, counted while streaming), so it
 * can be read again: remix-auth reads the sign-in form itself.
 */
export async function bufferRequest(request: Request): Promise<Request> {
  const body = await readBodyBytes(request);
  if (!body.ok) throw new Response(`The request body is too large: at most ${formatBytes(body.limit)} are accepted.`, { status: 413 });
  return new Request(request.url, { method: request.method, headers: request.headers, body: body.bytes, signal: request.signal });
}

/** Names remix-validated-form would follow into an object's prototype. */
const PROTOTYPE_NAMES = new Set(["__proto__", "constructor", "prototype"]);

/**
 * No form of ours names a field as a path ("a.b", "a[0]") or after the prototype: remix-validated-form
 * reads names as paths, and conflicting ones ("a" beside "a.x") or "__proto__" make it throw, so such
 * fields are dropped on arrival.
 */
export function withoutPathNames(form: FormData): FormData {
  const kept = new FormData();
  for (const [name, value] of form) if (!/[.[\]]/.test(name) && !PROTOTYPE_NAMES.has(name)) kept.append(name, value);
  return kept;
}

/** The one form reader of every page action; a body that is not a form is a 400, never a 500. */
export async function readFormData(request: Request): Promise<FormData> {
  const buffered = await bufferRequest(request);
  try {
    return withoutPathNames(await buffered.formData());
  } catch {
    throw new Response("The request body is not a form.", { status: 400 });
  }
}

/** What remix-validated-form reads back: field errors and the values to show again, with a 422. */
export function validationFailure(error: ValidatorError, submittedData: Record<string, unknown>, headers?: HeadersInit) {
  return data(
    { fieldErrors: error.fieldErrors, formId: error.formId, repopulateFields: submittedData, formError: null },
    { status: 422, headers },
  );
}

/** A failure of the whole form (rate limit, spam), shown above it; the typed values stay. */
export function formFailure(
  formError: string,
  submittedData: Record<string, unknown>,
  status: number,
  formId?: string,
  headers?: HeadersInit,
) {
  return data({ fieldErrors: {}, formId, repopulateFields: submittedData, formError }, { status, headers });
}
