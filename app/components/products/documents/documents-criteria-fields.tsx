import { Fieldset, NativeSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { documentsOptionLists } from "~/modules/products/documents/documents-form";
import type { DocumentsOptions } from "~/modules/products/documents/documents.server";
import { fieldId, MultiSelectField, type ChoiceOption } from "~/components/forms/choice-fields";
import type { SelectionFieldsProps } from "~/components/products/selection-fields";

/** The documents feed's own parts: what it looks for (a keyword and the catalog's lists) and the file it delivers. */
export function DocumentsCriteriaFields({ options, values, error }: SelectionFieldsProps<DocumentsOptions>) {
  const { t } = useTranslation();
  const text = (name: string) => (typeof values[name] === "string" ? String(values[name]) : "");
  const list = (name: string) => {
    const value = values[name];
    return Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
  };
  const label = (name: string) => t(`documents.form.fields.${name}`);
  const choices = (group: string, codes: readonly { value: string }[]): ChoiceOption[] =>
    codes.map(({ value }) => ({ value, label: t(`documents.form.options.${group}.${value}`) }));
  return (
    <>
      <Fieldset legend={t("documents.form.selection")}>
        <Stack gap="sm">
          <Text size="sm">{t("documents.form.hints.criteria")}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              id={fieldId("keyword")}
              name="keyword"
              label={label("keyword")}
              defaultValue={text("keyword")}
              error={error("keyword")}
            />
            <NativeSelect
              id={fieldId("searchIn")}
              name="searchIn"
              label={label("searchIn")}
              description={t("documents.form.hints.searchIn")}
              data={choices("searchIn", options.searchIn)}
              defaultValue={text("searchIn") || "all"}
              error={error("searchIn")}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {documentsOptionLists.map(([name, optionList]) => (
              <MultiSelectField
                key={name}
                name={name}
                label={label(name)}
                options={options[optionList]}
                defaultValue={list(name)}
                error={error(name)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      </Fieldset>
      <Fieldset legend={t("econ.form.output")}>
        <NativeSelect
          id={fieldId("deliveryFormat")}
          name="deliveryFormat"
          label={label("deliveryFormat")}
          description={t("documents.form.hints.deliveryFormat")}
          data={choices("deliveryFormat", options.deliveryFormats)}
          defaultValue={text("deliveryFormat") || "json"}
          error={error("deliveryFormat")}
          maw={320}
        />
      </Fieldset>
    </>
  );
}
