import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/modules/forms/messages";

/** A failure of the whole form (rate limit, spam, refused sign-in, an unknown action) above its fields. */
export function FormError({ message, testId = "form-error" }: { message: string | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      {translateMessage(t, message)}
    </Alert>
  );
}
