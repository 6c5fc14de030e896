import { Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { statementConsolidations } from "~/modules/feeds/model";
import { statementPeriods, type CorpOptions } from "~/modules/products/corp/corp-form";
import { fieldId, MultiSelectField, type ChoiceOption } from "~/components/forms/choice-fields";
import type { SelectionFieldsProps } from "~/components/products/selection-fields";

/** The file's languages (SPEC.md's "localisation"); catalog names (countries, industries) are shown as stored. */
const languages = ["en", "zh"] as const;

/** A titled group of fields inside the selection fieldset. */
function CriteriaGroup({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="xs">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </div>
  );
}

/**
 * The company feed and dump form's own parts: the company selection (ids or search criteria, and the
 * statement criteria) and the output. Plain form controls, so the form works without JavaScript.
 */
export function CorpCriteriaFields({ kind, options, values, error }: SelectionFieldsProps<CorpOptions>) {
  const { t } = useTranslation();
  const text = (name: string) => {
    const value = values[name];
    return typeof value === "string" ? value : Array.isArray(value) ? value.join(", ") : "";
  };
  const list = (name: string) => {
    const value = values[name];
    return Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
  };
  const label = (name: string) => t(`corp.form.fields.${name}`);
  const portal = (group: string, choices: readonly string[]) =>
    choices.map((value) => ({ value, label: t(`corp.form.options.${group}.${value}`) }));

  const multi = (name: string, choices: readonly ChoiceOption[]) => (
    <MultiSelectField name={name} label={label(name)} options={choices} defaultValue={list(name)} error={error(name)} />
  );
  const input = (name: string, extra: { type?: "date" | "number"; description?: string; step?: string } = {}) => (
    <TextInput
      id={fieldId(name)}
      name={name}
      label={label(name)}
      type={extra.type ?? "text"}
      step={extra.step}
      description={extra.description}
      defaultValue={text(name)}
      error={error(name)}
    />
  );
  const check = (name: string, checked: boolean) => (
    <Checkbox id={fieldId(name)} name={name} label={label(name)} defaultChecked={checked} error={error(name)} />
  );
  const select = (name: string, choices: readonly ChoiceOption[], fallback: string) => (
    <NativeSelect
      id={fieldId(name)}
      name={name}
      label={label(name)}
      data={[...choices]}
      defaultValue={text(name) || fallback}
      error={error(name)}
    />
  );
  // Profile and statements are delivered unless the user unticks them; a new form shows them ticked.
  const included = (name: string) => values[name] !== false;

  return (
    <>
      <Fieldset legend={t("corp.form.fieldsets.selection")}>
        <Stack gap="lg">
          <Text size="sm">{t("corp.form.hints.selection")}</Text>
          <Textarea
            id={fieldId("companyIds")}
            name="companyIds"
            label={label("companyIds")}
            description={t("corp.form.hints.companyIds")}
            defaultValue={text("companyIds")}
            error={error("companyIds")}
            autosize
            minRows={2}
            maxRows={8}
          />
          {input("filterId", { description: t("corp.form.hints.filterId") })}
          <CriteriaGroup id={fieldId("group-company")} title={t("corp.form.fieldsets.company")}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {input("keyword")}
              {input("companyName")}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {multi("country", options.countries)}
              {multi("region", options.regions)}
              {multi("type", options.types)}
              {multi("mainIndustry", options.industries)}
              {multi("secondaryIndustry", options.industries)}
              {multi("companyStatus", options.statuses)}
              {multi("legalForm", options.legalForms)}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Textarea
                id={fieldId("localLegalForm")}
                name="localLegalForm"
                label={label("localLegalForm")}
                description={t("corp.form.hints.localLegalForm")}
                defaultValue={list("localLegalForm").join("\n")}
                error={error("localLegalForm")}
                autosize
                minRows={2}
                maxRows={6}
              />
              {input("city")}
              {input("companyDescription")}
              {input("product")}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {input("employeesFrom", { type: "number" })}
              {input("employeesTo", { type: "number" })}
              {input("updatedFrom", { type: "date" })}
              {input("updatedTo", { type: "date" })}
            </SimpleGrid>
          </CriteriaGroup>
          <CriteriaGroup id={fieldId("group-people")} title={t("corp.form.fieldsets.people")}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {input("executive")}
              {input("shareholder")}
              {input("subsidiary")}
              {input("auditor")}
              {input("ownerName")}
              {input("ownerBirthDate", { type: "date" })}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{multi("ownerCitizenship", options.countries)}</SimpleGrid>
          </CriteriaGroup>
          <CriteriaGroup id={fieldId("group-trade")} title={t("corp.form.fieldsets.trade")}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {multi("importCountry", options.countries)}
              {multi("exportCountry", options.countries)}
            </SimpleGrid>
          </CriteriaGroup>
          <CriteriaGroup id={fieldId("group-statements")} title={t("corp.form.fieldsets.statements")}>
            <Text size="sm">{t("corp.form.hints.statements")}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {input("statementYear", { description: t("corp.form.hints.statementYear") })}
              {input("statementUpdatedFrom", { type: "date" })}
              {input("statementUpdatedTo", { type: "date" })}
              {multi("statementPeriod", portal("statementPeriod", statementPeriods))}
              {multi("statementType", options.statementTypes)}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {input("accountName", { description: t("corp.form.hints.accountName") })}
              {input("accountFrom", { type: "number", step: "any" })}
              {input("accountTo", { type: "number", step: "any" })}
            </SimpleGrid>
            {check("officialOnly", values.officialOnly === true)}
          </CriteriaGroup>
        </Stack>
      </Fieldset>

      <Fieldset legend={t("corp.form.fieldsets.output")}>
        <Stack gap="sm">
          <Text size="sm">{t("corp.form.hints.output")}</Text>
          <Group gap="lg">
            {check("profile", included("profile"))}
            {check("statements", included("statements"))}
            {kind === "feed" ? check("newOnly", values.newOnly === true) : null}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {select(
              "currency",
              portal(
                "currency",
                options.currencies.map((option) => option.value),
              ),
              "LOCAL",
            )}
            {select("consolidation", portal("consolidation", statementConsolidations), "both")}
            {select(
              "format",
              portal(
                "format",
                options.formats.map((option) => option.value),
              ),
              "json",
            )}
            {select("language", portal("language", languages), "en")}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>{multi("financialStandards", options.financialStandards)}</SimpleGrid>
        </Stack>
      </Fieldset>
    </>
  );
}
