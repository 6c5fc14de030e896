import { NativeSelect, PasswordInput, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useField } from "remix-validated-form";
import { translateMessage } from "~/modules/forms/messages";
import { submitThenChange } from "~/modules/forms/validation-behavior";

interface FieldProps {
  name: string;
  label: string;
  required?: boolean;
}

function useTranslatedField(name: string) {
  const { t } = useTranslation();
  const field = useField(name, { validationBehavior: submitThenChange });
  return { ...field, error: field.error ? translateMessage(t, field.error) : undefined };
}

export function TextField({
  name,
  label,
  required,
  type = "text",
  readOnly,
}: FieldProps & { type?: "text" | "email" | "tel"; readOnly?: boolean }) {
  const { error, getInputProps } = useTranslatedField(name);
  return (
    <TextInput
      {...getInputProps({ id: `field-${name}` })}
      type={type}
      readOnly={readOnly}
      label={label}
      withAsterisk={required}
      error={error}
      autoComplete={type === "email" ? "email" : type === "tel" ? "tel" : undefined}
    />
  );
}

export function TextAreaField({ name, label, required }: FieldProps) {
  const { error, getInputProps } = useTranslatedField(name);
  return (
    <Textarea
      {...getInputProps({ id: `field-${name}` })}
      label={label}
      withAsterisk={required}
      error={error}
      autosize
      minRows={4}
      maxRows={14}
    />
  );
}

/** A native select, so it works without JavaScript. */
export function SelectField({ name, label, required, options }: FieldProps & { options: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const { error, getInputProps } = useTranslatedField(name);
  return (
    <NativeSelect
      {...getInputProps({ id: `field-${name}` })}
      label={label}
      withAsterisk={required}
      error={error}
      data={[{ value: "", label: t("contact.chooseOption") }, ...options]}
    />
  );
}

export function PasswordField({ name, label, required, autoComplete }: FieldProps & { autoComplete: string }) {
  const { error, getInputProps } = useTranslatedField(name);
  return (
    <PasswordInput
      {...getInputProps({ id: `field-${name}` })}
      label={label}
      withAsterisk={required}
      error={error}
      autoComplete={autoComplete}
    />
  );
}
