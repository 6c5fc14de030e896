import { Stack } from "@mantine/core";
import { useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ValidatedForm } from "remix-validated-form";
import {
  contactFields,
  HONEYPOT_FIELD,
  productOptions,
  sdkOptions,
  type ContactField,
  type ContactKind,
} from "~/modules/contact/contact-schemas";
import { contactValidators } from "~/modules/contact/contact-validators";
import { CaptchaField } from "./captcha-field";
import { FormError } from "./form-error";
import { FormErrorSummary } from "./form-error-summary";
import { SelectField, TextAreaField, TextField } from "./form-fields";
import { SubmitButton } from "./submit-button";

interface ContactFormProps {
  kind: ContactKind;
  countries: { value: string; label: string }[];
}

export function ContactForm({ kind, countries }: ContactFormProps) {
  const { t } = useTranslation();
  const actionData = useActionData<{ formError?: string | null }>();
  const options = {
    sdk: sdkOptions.map((value) => ({ value, label: t(`contact.sdkOptions.${value}`) })),
    product: productOptions.map((value) => ({ value, label: t(`products.${value}.name`) })),
    country: countries,
  };

  const fieldNames = contactFields[kind].map((field) => field.name);
  const labelOf = (name: string) => (fieldNames.includes(name) ? t(`contact.fields.${name}`) : null);

  function renderField(field: ContactField) {
    const props = { name: field.name, label: t(`contact.fields.${field.name}`), required: field.required };
    switch (field.widget) {
      case "textarea":
        return <TextAreaField key={field.name} {...props} />;
      case "sdk":
      case "product":
      case "country":
        return <SelectField key={field.name} {...props} options={options[field.widget]} />;
      default:
        return <TextField key={field.name} {...props} type={field.widget} />;
    }
  }

  return (
    <ValidatedForm validator={contactValidators[kind]} method="post" id={kind} noValidate disableFocusOnError>
      <Stack gap="md">
        <FormError message={actionData?.formError} />
        <FormErrorSummary formId={kind} fields={fieldNames} labelOf={labelOf} />
        {contactFields[kind].map(renderField)}
        <div className="honeypot" aria-hidden="true">
          <label htmlFor={`field-${HONEYPOT_FIELD}`}>{t(`contact.fields.${HONEYPOT_FIELD}`)}</label>
          <input id={`field-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <CaptchaField resetOn={actionData} />
        <SubmitButton formId={kind} label={t("contact.submit")} busyLabel={t("contact.sending")} />
      </Stack>
    </ValidatedForm>
  );
}
