import { withZod } from "@remix-validated-form/with-zod";
import type { Validator } from "remix-validated-form";
import { contactSchemas, type ContactInput, type ContactKind } from "./contact-schemas";

/** The same validators run in the browser (instant messages) and in the action. */
export const contactValidators: Record<ContactKind, Validator<ContactInput>> = {
  "general-inquiry": withZod(contactSchemas["general-inquiry"]),
  "report-bug": withZod(contactSchemas["report-bug"]),
  "request-feature": withZod(contactSchemas["request-feature"]),
  "business-inquiry": withZod(contactSchemas["business-inquiry"]),
};
