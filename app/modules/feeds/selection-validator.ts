import { createValidator, type Validator } from "remix-validated-form";
import type { z } from "zod";
import { fieldErrors } from "./form-shapes";

/**
 * A product's feed or dump schema as a remix-validated-form validator: the browser checks a form with the
 * same schema the server's submission check parses (the server then adds the rules that need the catalog and
 * the database). The form's fields are first brought to the schema's shape by the product's `formValues`.
 */
export function selectionValidator<Values>(
  schema: z.ZodType<Values, z.ZodTypeDef, unknown>,
  formValues: (source: Record<string, unknown>) => Record<string, unknown>,
): Validator<Values> {
  const validate = async (data: Record<string, unknown>) => {
    const parsed = schema.safeParse(formValues(data));
    return parsed.success ? { data: parsed.data, error: undefined } : { data: undefined, error: fieldErrors(parsed.error) };
  };
  return createValidator({
    validate,
    validateField: async (data, field) => ({ error: (await validate(data)).error?.[field] }),
  });
}
