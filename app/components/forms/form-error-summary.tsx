import { useEffect, useRef, useState } from "react";
import { useFormContext } from "remix-validated-form";
import { ErrorSummary } from "./choice-fields";

/** A field's place in the form; one the list does not name goes last. */
function place(fields: readonly string[], name: string): number {
  const index = fields.indexOf(name);
  return index === -1 ? fields.length : index;
}

/**
 * The error summary of a validated form (GOV.UK style, as the dashboard forms have it): every field error of the
 * last send, each linking to its field, the server's included, so a page posted without JavaScript shows it too.
 * After a send that failed, the focus moves to it: without JavaScript through `autofocus` on the page that came
 * back; with it once the form's errors arrive, and never while one types (errors then change on every keystroke).
 * The form goes with `disableFocusOnError`, so the library does not move the focus to the first field instead.
 */
export function FormErrorSummary({
  formId,
  fields,
  labelOf,
}: {
  formId: string;
  /** The form's fields in their order on the page: the summary lists their errors in that order. */
  fields: readonly string[];
  labelOf: (field: string) => string | null;
}) {
  const { fieldErrors } = useFormContext(formId);
  const ordered = Object.fromEntries(Object.entries(fieldErrors).sort(([a], [b]) => place(fields, a) - place(fields, b)));
  const summary = useRef<HTMLDivElement>(null);
  const sent = useRef(false);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    const form = document.getElementById(formId);
    const markSent = () => {
      sent.current = true;
    };
    form?.addEventListener("submit", markSent, true);
    return () => form?.removeEventListener("submit", markSent, true);
  }, [formId]);

  useEffect(() => {
    if (!sent.current || Object.keys(fieldErrors).length === 0) return;
    sent.current = false;
    summary.current?.focus();
  }, [fieldErrors]);

  return <ErrorSummary ref={summary} errors={ordered} labelOf={labelOf} focusOnLoad={!hydrated} />;
}
