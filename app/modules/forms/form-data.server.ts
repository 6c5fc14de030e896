import { data } from "@remix-run/node";
import type { ValidatorError } from "remix-validated-form";

/** Reads a form post; a body that is not a form is a 400, never a 500. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The request body is not a form.", { status: 400 });
  }
}

/** What remix-validated-form reads back: field errors and the values to show again, with a 422. */
export function validationFailure(error: ValidatorError, submittedData: Record<string, unknown>) {
  return data(
    { fieldErrors: error.fieldErrors, formId: error.formId, repopulateFields: submittedData, formError: null },
    { status: 422 },
  );
}

/** A failure of the whole form (rate limit, spam), shown above it; the typed values stay. */
export function formFailure(formError: string, submittedData: Record<string, unknown>, status: number, formId?: string) {
  return data({ fieldErrors: {}, formId, repopulateFields: submittedData, formError }, { status });
}
