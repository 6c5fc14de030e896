import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import type { EconFormDefaults, EconFormState, EconOptions } from "~/modules/feeds/econ-pages.server";
import { translateMessage } from "~/modules/forms/messages";
import { ErrorSummary, MultiSelectField, type ChoiceOption } from "./econ-form-fields";
import { EconSeriesPreview } from "./econ-series-preview";

/** The portal's own choices (SPEC.md section 3), translated; catalog names (countries, databases) are shown as stored. */
const feedFrequencies = ["daily", "weekly", "bi-weekly", "monthly"] as const;
const feedStatuses = ["active", "inactive"] as const;
const consolidations = ["none", "annual-average", "annual-sum", "annual-last"] as const;
const webhookMethods = ["POST", "PUT", "PATCH", "GET"] as const;

export interface EconSelectionFormProps {
  kind: "feed" | "dump";
  mode: "create" | "edit";
  options: EconOptions;
  /** The values shown before any post (empty, the stored feed, or the feed a dump starts from). */
  defaults: EconFormDefaults;
  /** A dump prefilled from a feed: the feed's id, posted so the server may keep its FTP password. */
  fromFeedId?: string | null;
  /** What the action answered: values to show again, errors, the preview. */
  state: EconFormState | undefined;
  isAdmin: boolean;
  /** A stored FTP password (the edited feed's, or the source feed's) that an empty field keeps for the same server and login. */
  storedPassword?: boolean;
  cancelTo: string;
}

/**
 * The macroeconomic feed and dump form, in two steps: Save (intent=preview) validates and previews the
 * series, then Create (or Save changes) stores. Plain form posts without JavaScript; with it, Remix's
 * Form posts without a reload and the topic, section and table lists follow the chosen database.
 */
export function EconSelectionForm({
  kind,
  mode,
  options,
  defaults,
  fromFeedId,
  state,
  isAdmin,
  storedPassword,
  cancelTo,
}: EconSelectionFormProps) {
  const { t } = useTranslation();
  const values = state?.values ?? defaults;
  const errors = state?.errors ?? {};
  const preview = state?.preview ?? null;
  const canStore = preview !== null && Object.keys(errors).length === 0;

  const text = (name: string) => (typeof values[name] === "string" ? String(values[name]) : "");
  const list = (name: string) => {
    const value = values[name];
    return Array.isArray(value) ? value : typeof value === "string" && value ? [value] : [];
  };
  const flag = (name: string) => values[name] === true;
  const error = (name: string) => (errors[name] ? translateMessage(t, errors[name]) : undefined);
  const label = (name: string) => t(`econ.form.fields.${name}`);
  const choices = (group: string, list: readonly string[]) => list.map((value) => ({ value, label: t(`econ.options.${group}.${value}`) }));
  const portal = (group: string, list: readonly { value: string }[]) =>
    choices(
      group,
      list.map((option) => option.value),
    );

  // Enhancements once hydrated: the layout lists narrow to the chosen database, FTP fields show only for FTP.
  const [hydrated, setHydrated] = useState(false);
  const [database, setDatabase] = useState(text("database"));
  const [topics, setTopics] = useState(list("topic"));
  const [sections, setSections] = useState(list("section"));
  const [deliveryMethod, setDeliveryMethod] = useState(text("deliveryMethod") || "platform");
  useEffect(() => setHydrated(true), []);
  const layout = useMemo(
    () => narrowLayout(options, hydrated, database, topics, sections),
    [options, hydrated, database, topics, sections],
  );

  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state && Object.keys(state.errors).length > 0) summary.current?.focus();
  }, [state]);

  const summaryLabel = (field: string) => (field === "intent" || field === "_" ? null : label(field));
  const showFtp = !hydrated || deliveryMethod === "ftp";
  const multi = (
    name: string,
    choicesOf: readonly ChoiceOption[],
    groups?: ReadonlyMap<string, string>,
    onSelect?: (values: string[]) => void,
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
    <TextInput type="date" id={`econ-${name}`} name={name} label={label(name)} defaultValue={text(name)} error={error(name)} />
  );
  const check = (name: string, description?: string) => (
    <Checkbox
      id={`econ-${name}`}
      name={name}
      label={label(name)}
      description={description}
      defaultChecked={flag(name)}
      error={error(name)}
    />
  );

  return (
    <Form method="post" noValidate aria-label={t(`econ.form.${kind}Form`)} data-testid="econ-form">
      <Stack gap="lg">
        <ErrorSummary ref={summary} errors={errors} labelOf={summaryLabel} />
        {canStore && preview ? (
          <Alert color="blue" role="status" data-testid="preview-ready">
            {t("econ.preview.total", { count: preview.total })}.{" "}
            {t("econ.preview.next", { button: t(mode === "edit" ? "econ.form.saveChanges" : "econ.form.create") })}{" "}
            <a href="#econ-preview">{t("econ.preview.jump")}</a>
          </Alert>
        ) : null}

        <Fieldset legend={t("econ.form.general")}>
          <Stack gap="sm">
            {isAdmin && mode === "create" ? (
              <TextInput
                id="econ-username"
                name="username"
                label={label("username")}
                description={t(`econ.form.usernameHint.${kind}`)}
                defaultValue={text("username")}
                error={error("username")}
                autoComplete="off"
              />
            ) : null}
            <TextInput
              id="econ-name"
              name="name"
              label={label("name")}
              withAsterisk
              defaultValue={text("name")}
              error={error("name")}
              maxLength={100}
            />
            <Textarea
              id="econ-description"
              name="description"
              label={label("description")}
              defaultValue={text("description")}
              error={error("description")}
              autosize
              minRows={2}
              maxRows={6}
            />
            {kind === "feed" ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <NativeSelect
                  id="econ-frequency"
                  name="frequency"
                  label={label("frequency")}
                  data={choices("frequency", feedFrequencies)}
                  defaultValue={text("frequency") || "daily"}
                  error={error("frequency")}
                />
                <NativeSelect
                  id="econ-status"
                  name="status"
                  label={label("status")}
                  data={choices("status", feedStatuses)}
                  defaultValue={text("status") || "active"}
                  error={error("status")}
                />
              </SimpleGrid>
            ) : null}
          </Stack>
        </Fieldset>

        <Fieldset legend={t("econ.form.selection")}>
          <Stack gap="sm">
            <Text size="sm">{t("econ.form.selectionHint")}</Text>
            <NativeSelect
              id="econ-database"
              name="database"
              label={label("database")}
              withAsterisk
              data={[{ value: "", label: t("econ.form.chooseDatabase") }, ...options.databases]}
              defaultValue={text("database")}
              error={error("database")}
              onChange={(event) => setDatabase(event.currentTarget.value)}
            />
            <Textarea
              id="econ-seriesIds"
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
                id="econ-keyword"
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
                id="econ-order"
                name="order"
                label={label("order")}
                data={portal("order", options.orders)}
                defaultValue={text("order") || "id"}
                error={error("order")}
              />
              <NativeSelect
                id="econ-direction"
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
                id="econ-format"
                name="format"
                label={label("format")}
                data={portal("format", options.formats)}
                defaultValue={text("format") || "json"}
                error={error("format")}
              />
              <NativeSelect
                id="econ-language"
                name="language"
                label={label("language")}
                data={portal("language", options.languages)}
                defaultValue={text("language") || "en"}
                error={error("language")}
              />
              <NativeSelect
                id="econ-consolidation"
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

        <Fieldset legend={t("econ.form.delivery")}>
          <Stack gap="sm">
            <NativeSelect
              id="econ-deliveryMethod"
              name="deliveryMethod"
              label={label("deliveryMethod")}
              data={portal("deliveryMethod", options.deliveryMethods)}
              defaultValue={text("deliveryMethod") || "platform"}
              error={error("deliveryMethod")}
              onChange={(event) => setDeliveryMethod(event.currentTarget.value)}
            />
            <div hidden={!showFtp}>
              <Stack gap="sm">
                <Text size="sm">{t("econ.form.ftpHint")}</Text>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    id="econ-ftpUrl"
                    name="ftpUrl"
                    label={label("ftpUrl")}
                    placeholder="ftp.example.com"
                    defaultValue={text("ftpUrl")}
                    error={error("ftpUrl")}
                  />
                  <TextInput
                    id="econ-ftpPath"
                    name="ftpPath"
                    label={label("ftpPath")}
                    placeholder="/"
                    defaultValue={text("ftpPath")}
                    error={error("ftpPath")}
                  />
                  <TextInput
                    id="econ-ftpUsername"
                    name="ftpUsername"
                    label={label("ftpUsername")}
                    defaultValue={text("ftpUsername")}
                    error={error("ftpUsername")}
                    autoComplete="off"
                  />
                  <PasswordInput
                    id="econ-ftpPassword"
                    name="ftpPassword"
                    label={label("ftpPassword")}
                    description={storedPassword ? t("econ.form.ftpPasswordKept") : state ? t("econ.form.ftpPasswordRetype") : undefined}
                    error={error("ftpPassword")}
                    autoComplete="new-password"
                  />
                </SimpleGrid>
                {fromFeedId ? <input type="hidden" name="fromFeed" value={fromFeedId} /> : null}
              </Stack>
            </div>
          </Stack>
        </Fieldset>

        <Fieldset legend={t("econ.form.notification")}>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              id="econ-notificationEmail"
              name="notificationEmail"
              label={label("notificationEmail")}
              description={t("econ.form.notificationEmailHint")}
              defaultValue={text("notificationEmail")}
              error={error("notificationEmail")}
            />
            <TextInput
              id="econ-notificationUrl"
              name="notificationUrl"
              type="url"
              label={label("notificationUrl")}
              placeholder="https://"
              defaultValue={text("notificationUrl")}
              error={error("notificationUrl")}
            />
            <NativeSelect
              id="econ-notificationMethod"
              name="notificationMethod"
              label={label("notificationMethod")}
              data={[...webhookMethods]}
              defaultValue={text("notificationMethod") || "POST"}
              error={error("notificationMethod")}
            />
          </SimpleGrid>
        </Fieldset>

        {preview ? <EconSeriesPreview preview={preview} /> : null}

        <Group gap="sm">
          <Button type="submit" name="intent" value="preview" variant={canStore ? "default" : "filled"}>
            {t("econ.form.save")}
          </Button>
          {canStore ? (
            <Button type="submit" name="intent" value={mode === "edit" ? "save" : "create"}>
              {t(mode === "edit" ? "econ.form.saveChanges" : "econ.form.create")}
            </Button>
          ) : null}
          <Button component={AppLink} to={cancelTo} variant="subtle">
            {t("econ.common.cancel")}
          </Button>
        </Group>
        {!canStore ? <Text size="sm">{t("econ.form.twoSteps")}</Text> : null}
      </Stack>
    </Form>
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
