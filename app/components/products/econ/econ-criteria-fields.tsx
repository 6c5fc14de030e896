import { Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EconOptions } from "~/modules/products/econ/econ.server";
import { fieldId, MultiSelectField, type ChoiceOption } from "~/components/forms/choice-fields";
import type { SelectionFieldsProps } from "~/components/products/selection-fields";

const consolidations = ["none", "annual-average", "annual-sum", "annual-last"] as const;

/**
 * The macroeconomic part of the feed and dump form: the series selection (the database is mandatory) and the
 * output. Once hydrated, the topic, section and table lists follow the chosen database.
 */
export function EconCriteriaFields({ kind, options, values, error, hydrated }: SelectionFieldsProps<EconOptions>) {
  const { t } = useTranslation();
  const text = (name: string) => (typeof values[name] === "string" ? String(values[name]) : "");
  const list = (name: string) => {
    const value = values[name];
    return Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
  };
  const flag = (name: string) => values[name] === true;
  const label = (name: string) => t(`econ.form.fields.${name}`);
  const choices = (group: string, codes: readonly string[]) =>
    codes.map((value) => ({ value, label: t(`econ.options.${group}.${value}`) }));
  const portal = (group: string, optionList: readonly { value: string }[]) =>
    choices(
      group,
      optionList.map((option) => option.value),
    );

  const [database, setDatabase] = useState(text("database"));
  const [topics, setTopics] = useState(list("topic"));
  const [sections, setSections] = useState(list("section"));
  const layout = useMemo(
    () => narrowLayout(options, hydrated, database, topics, sections),
    [options, hydrated, database, topics, sections],
  );

  const multi = (
    name: string,
    choicesOf: readonly ChoiceOption[],
    groups?: ReadonlyMap<string, string>,
    onSelect?: (selected: string[]) => void,
  ) => (
    <MultiSelectField
      name={name}
      label={label(name)}
      options={choicesOf}
      defaultValue={list(name)}
      error={error(name)}
      groups={groups}
      onSelect={onSelect}
    />
  );
  const date = (name: string) => (
    <TextInput type="date" id={fieldId(name)} name={name} label={label(name)} defaultValue={text(name)} error={error(name)} />
  );
  const check = (name: string, description?: string) => (
    <Checkbox
      id={fieldId(name)}
      name={name}
      label={label(name)}
      description={description}
      defaultChecked={flag(name)}
      error={error(name)}
    />
  );

  return (
    <>
      <Fieldset legend={t("econ.form.selection")}>
        <Stack gap="sm">
          <Text size="sm">{t("econ.form.selectionHint")}</Text>
          <NativeSelect
            id={fieldId("database")}
            name="database"
            label={label("database")}
            withAsterisk
            data={[{ value: "", label: t("econ.form.chooseDatabase") }, ...options.databases]}
            defaultValue={text("database")}
            error={error("database")}
            onChange={(event) => setDatabase(event.currentTarget.value)}
          />
          <Textarea
            id={fieldId("seriesIds")}
            name="seriesIds"
            label={label("seriesIds")}
            description={t("econ.form.seriesIdsHint")}
            defaultValue={text("seriesIds")}
            error={error("seriesIds")}
            autosize
            minRows={2}
            maxRows={8}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              id={fieldId("keyword")}
              name="keyword"
              label={label("keyword")}
              defaultValue={text("keyword")}
              error={error("keyword")}
            />
            <div className="econ-check-cell">{check("nameOnly")}</div>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {multi("seriesFrequency", portal("seriesFrequency", options.frequencies))}
            {multi("country", options.countries)}
            {multi("region", options.regions)}
            {multi("unit", options.units)}
            {multi("indicator", options.indicators)}
            {multi("source", options.sources)}
            {multi("topic", layout.topics, layout.databaseNames, setTopics)}
            {multi("section", layout.sections, layout.topicNames, setSections)}
            {multi("table", layout.tables, layout.sectionNames)}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {date("startDateBefore")}
            {date("endDateAfter")}
            {date("createdAfter")}
            {date("updatedAfter")}
          </SimpleGrid>
          <Group gap="lg">
            {check("subscribedOnly")}
            {check("keyOnly")}
            {kind === "feed" ? check("newOnly") : null}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              id={fieldId("order")}
              name="order"
              label={label("order")}
              data={portal("order", options.orders)}
              defaultValue={text("order") || "id"}
              error={error("order")}
            />
            <NativeSelect
              id={fieldId("direction")}
              name="direction"
              label={label("direction")}
              data={portal("direction", options.directions)}
              defaultValue={text("direction") || "asc"}
              error={error("direction")}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      <Fieldset legend={t("econ.form.output")}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              id={fieldId("format")}
              name="format"
              label={label("format")}
              data={portal("format", options.formats)}
              defaultValue={text("format") || "json"}
              error={error("format")}
            />
            <NativeSelect
              id={fieldId("language")}
              name="language"
              label={label("language")}
              data={portal("language", options.languages)}
              defaultValue={text("language") || "en"}
              error={error("language")}
            />
            <NativeSelect
              id={fieldId("consolidation")}
              name="consolidation"
              label={label("consolidation")}
              data={choices("consolidation", consolidations)}
              defaultValue={text("consolidation") || "none"}
              error={error("consolidation")}
            />
          </SimpleGrid>
          <Group gap="lg" align="flex-start">
            {check("fullDump", t("econ.form.fullDumpHint"))}
            {check("metadataOnly")}
            {kind === "dump" ? check("vintages") : null}
          </Group>
        </Stack>
      </Fieldset>
    </>
  );
}

/**
 * Topics, sections and tables with their parents' names for grouping. Once hydrated, each list keeps only
 * the children of what is chosen above it; before (and without JavaScript) every option is offered.
 */
function narrowLayout(options: EconOptions, hydrated: boolean, database: string, topics: string[], sections: string[]) {
  const databaseNames = new Map(options.databases.map((option) => [option.value, option.label]));
  const topicNames = new Map(options.topics.map((option) => [option.value, option.label]));
  const sectionNames = new Map(options.sections.map((option) => [option.value, option.label]));
  if (!hydrated)
    return { topics: options.topics, sections: options.sections, tables: options.tables, databaseNames, topicNames, sectionNames };
  const within = (list: readonly ChoiceOption[], scope: ReadonlySet<string>) =>
    list.filter((option) => option.parent !== undefined && scope.has(option.parent));
  const scopeOf = (visible: readonly ChoiceOption[], chosen: string[]) => {
    const shown = visible.filter((option) => chosen.includes(option.value));
    return new Set((shown.length ? shown : visible).map((option) => option.value));
  };
  const visibleTopics = database ? within(options.topics, new Set([database])) : options.topics;
  const visibleSections = within(options.sections, scopeOf(visibleTopics, topics));
  const visibleTables = within(options.tables, scopeOf(visibleSections, sections));
  return { topics: visibleTopics, sections: visibleSections, tables: visibleTables, databaseNames, topicNames, sectionNames };
}
