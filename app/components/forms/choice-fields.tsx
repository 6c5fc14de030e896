import { Alert, Anchor, InputBase, List } from "@mantine/core";
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/modules/forms/messages";

/** The id of a feed or dump form's field, for every product: the error summary links to it. */
export function fieldId(name: string): string {
  return `field-${name}`;
}

export interface ChoiceOption {
  value: string;
  label: string;
  parent?: string;
}

interface MultiSelectFieldProps {
  name: string;
  label: string;
  options: readonly ChoiceOption[];
  defaultValue: string[];
  error?: string;
  /** Parent id -> label: options are grouped under their parent (topics under databases, ...). */
  groups?: ReadonlyMap<string, string>;
  onSelect?: (values: string[]) => void;
}

function optionElements(options: readonly ChoiceOption[], groups: ReadonlyMap<string, string> | undefined) {
  if (!groups)
    return options.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ));
  const byParent = new Map<string, ChoiceOption[]>();
  for (const option of options) byParent.set(option.parent ?? "", [...(byParent.get(option.parent ?? "") ?? []), option]);
  return [...byParent].map(([parent, children]) => (
    <optgroup key={parent} label={groups.get(parent) ?? parent}>
      {children.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </optgroup>
  ));
}

/** A native `<select multiple>` in Mantine's input wrapper: works without JavaScript, label and error included. */
export function MultiSelectField({ name, label, options, defaultValue, error, groups, onSelect }: MultiSelectFieldProps) {
  const { t } = useTranslation();
  return (
    <InputBase
      component="select"
      multiple
      multiline
      id={fieldId(name)}
      name={name}
      label={label}
      description={t("econ.form.multiHint")}
      error={error}
      defaultValue={defaultValue}
      classNames={{ input: "econ-multi-select" }}
      onChange={(event: React.ChangeEvent<HTMLSelectElement>) =>
        onSelect?.([...event.currentTarget.selectedOptions].map((option) => option.value))
      }
    >
      {options.length === 0 ? <option disabled>{t("econ.form.noOption")}</option> : optionElements(options, groups)}
    </InputBase>
  );
}

/** The errors of a failed post above the form, each linking to its field (the fields show them too). */
export const ErrorSummary = forwardRef<
  HTMLDivElement,
  {
    errors: Record<string, string>;
    labelOf: (field: string) => string | null;
    /** Set while the page has no script: the browser moves the focus here when the page comes back from a failed post. */
    focusOnLoad?: boolean;
  }
>(function ErrorSummary({ errors, labelOf, focusOnLoad }, ref) {
  const { t } = useTranslation();
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <Alert
      ref={ref}
      color="red"
      role="alert"
      title={t("econ.form.errorsTitle")}
      tabIndex={-1}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the summary of a failed post is where the reader goes next
      autoFocus={focusOnLoad}
      data-testid="form-errors"
    >
      <List size="sm">
        {entries.map(([field, message]) => {
          const label = labelOf(field);
          const text = translateMessage(t, message);
          return (
            <List.Item key={field}>
              {label ? (
                // The error colour, not the brand's: these links are the errors themselves (ux review m9).
                <Anchor href={`#${fieldId(field)}`} size="sm" c="var(--mantine-color-error)" underline="always">
                  {label}: {text}
                </Anchor>
              ) : (
                text
              )}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
});
