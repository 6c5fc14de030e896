import { Button } from "@mantine/core";
import { useIsSubmitting } from "remix-validated-form";

/** The submit button of a validated form: shows a loader while that form is submitting. */
export function SubmitButton({ formId, label, busyLabel }: { formId: string; label: string; busyLabel?: string }) {
  const submitting = useIsSubmitting(formId);
  return (
    <Button type="submit" loading={submitting} w="fit-content">
      {submitting && busyLabel ? busyLabel : label}
    </Button>
  );
}
