import { Anchor, Card, Checkbox, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useField, ValidatedForm } from "remix-validated-form";
import { FormError } from "~/components/forms/form-error";
import { FormErrorSummary } from "~/components/forms/form-error-summary";
import { SelectField, TextAreaField, TextField } from "~/components/forms/form-fields";
import { SubmitButton } from "~/components/forms/submit-button";
import { AppLink } from "~/components/layout/app-link";
import { translateMessage } from "~/modules/forms/messages";
import { submitThenChange } from "~/modules/forms/validation-behavior";
import type { SandboxFormData } from "~/modules/sandbox/registration-form.server";
import { CAPTCHA_ERROR_FIELD } from "~/modules/captcha/captcha-field";
import { SANDBOX_FORM_ID, sandboxRegistrationValidator } from "~/modules/sandbox/registration-schema";
import { SandboxCaptcha } from "./sandbox-captcha";

/** The form's own fields, which the error summary links to. */
const sandboxFieldNames = ["name", "surname", "companyName", "jobTitle", "email", "country", "message", "consent", CAPTCHA_ERROR_FIELD];

function CheckboxField({ name, label, required }: { name: string; label: string; required?: boolean }) {
  const { t } = useTranslation();
  const { error, getInputProps } = useField(name, { validationBehavior: submitThenChange });
  return (
    <Checkbox
      {...getInputProps({ id: `field-${name}`, type: "checkbox" })}
      label={label}
      required={required}
      error={error ? translateMessage(t, error) : undefined}
    />
  );
}

/**
 * The sandbox registration (SPEC.md section 3) on the sandbox product page and the register-trial docs page. It
 * posts to the page it is on; both pages' actions register and go on to the page that says what happens next.
 */
export function SandboxRegistrationForm({ form }: { form: SandboxFormData }) {
  const { t } = useTranslation();
  const actionData = useActionData<{ formError?: string | null }>();
  const label = (name: string) => t(`sandbox.form.fields.${name}`);
  const summaryLabel = (name: string) =>
    name === CAPTCHA_ERROR_FIELD ? t("contact.captcha.label") : sandboxFieldNames.includes(name) ? label(name) : null;
  return (
    <Card withBorder padding="lg" mt="lg" id="register" component="section" aria-labelledby="sandbox-register-title">
      <Title id="sandbox-register-title" order={2} size="h3" mb="xs">
        {t("sandbox.form.title")}
      </Title>
      <Text mb="md">{t("sandbox.form.lead")}</Text>
      <ValidatedForm validator={sandboxRegistrationValidator} method="post" id={SANDBOX_FORM_ID} noValidate disableFocusOnError>
        <Stack gap="md">
          <FormError message={actionData?.formError} />
          <FormErrorSummary formId={SANDBOX_FORM_ID} fields={sandboxFieldNames} labelOf={summaryLabel} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField name="name" label={label("name")} required />
            <TextField name="surname" label={label("surname")} required />
            <TextField name="companyName" label={label("companyName")} required />
            <TextField name="jobTitle" label={label("jobTitle")} required />
            <TextField name="email" label={label("email")} type="email" required />
            <SelectField name="country" label={label("country")} options={form.countries} required />
          </SimpleGrid>
          <TextAreaField name="message" label={label("message")} />
          <CheckboxField name="consent" label={label("consent")} required />
          <CheckboxField name="offers" label={label("offers")} />
          <Anchor component={AppLink} to="/privacy-policy" size="sm">
            {t("sandbox.form.privacy")}
          </Anchor>
          <SandboxCaptcha recaptchaSiteKey={form.recaptchaSiteKey} textChallenge={form.textChallenge} resetOn={actionData} />
          <SubmitButton formId={SANDBOX_FORM_ID} label={t("sandbox.form.submit")} busyLabel={t("sandbox.form.sending")} />
        </Stack>
      </ValidatedForm>
    </Card>
  );
}
