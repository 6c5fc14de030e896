import type { Validator, ValidationResult } from "remix-validated-form";

/**
 * A page action's validator.validate(form), where a post that cannot become an object is a 400. The
 * library reads field names as paths ("a[0].b") and throws a plain Error when two names conflict
 * ("email" and "email.x") or one reaches the prototype ("__proto__", "constructor"), which the form reader's
 * path-name filter lets through; field errors are returned, never thrown.
 */
export async function validateForm<Data>(validator: Validator<Data>, form: FormData): Promise<ValidationResult<Data>> {
  try {
    return await validator.validate(form);
  } catch {
    throw new Response("The form fields could not be read.", { status: 400 });
  }
}
