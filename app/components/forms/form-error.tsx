import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/modules/forms/messages";

/** A failure of the whole form (rate limit, spam, refused sign-in) above its fields. */
export function FormError({ message }: { message: string | null | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <Alert color="red" role="alert" data-testid="form-error">
      {translateMessage(t, message)}
    </Alert>
  );
}
