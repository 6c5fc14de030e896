import { Anchor, Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FormError } from "~/components/forms/form-error";
import { AppLink } from "~/components/layout/app-link";
import { TableScroll } from "~/components/layout/table-scroll";
import { translateMessage } from "~/modules/forms/messages";
import { NoRecords } from "./no-records";

/** What every log page's loader answers (modules/admin/log-screen.server.ts). */
interface LogPageBase {
  values: Record<string, string> & { id: string };
  row: unknown;
  lookupError: string | null;
  list: unknown;
  filterErrors: Record<string, string>;
}

type FilterName<Page extends LogPageBase> = Exclude<keyof Page["values"] & string, "id">;

/** One field of a log's filter form: a text input, or a select of its options labelled {optionLabels}.{option}. */
interface FilterField<Name extends string> {
  name: Name;
  inputId: string;
  /** A message key. */
  label: string;
  type?: "date" | "search";
  autoComplete?: "off";
  options?: { values: readonly string[]; labels: string };
}

/** One admin log screen's view: the parts the three screens do not share. */
export interface LogView<Page extends LogPageBase> {
  /** The message keys' prefix: {prefix}.title, .lead, .filterLabel, and the lookup form's .lookupLabel, .id, .lookUp. */
  prefix: string;
  /** The list's heading, a message key. */
  listTitle: string;
  /** Lines below the lead. */
  Notes?: ComponentType<{ page: Page }>;
  /** Where the screen has a form of its own to look one entry up by id (the incidents), its input's id. */
  lookupInputId?: string;
  filters: FilterField<FilterName<Page>>[];
  Details: ComponentType<{ row: NonNullable<Page["row"]> }>;
  List: ComponentType<{ list: Page["list"] }>;
}

/**
 * An admin log screen: the entry ?id= names, above the list its GET filter form narrows. The forms are keyed by
 * the values they show, so a navigation to other values shows those.
 */
export function LogScreenView<Page extends LogPageBase>({ view, page }: { view: LogView<Page>; page: Page }) {
  const { t } = useTranslation();
  const { prefix, Notes, Details, List } = view;
  const { row, lookupError, filterErrors } = page;
  const values: LogPageBase["values"] = page.values;
  const filterError = (field: string) => (filterErrors[field] ? translateMessage(t, filterErrors[field]) : undefined);

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{t(`${prefix}.title`)}</Title>
        <Text>{t(`${prefix}.lead`)}</Text>
        {Notes ? <Notes page={page} /> : null}
      </div>

      {view.lookupInputId ? (
        <Form method="get" role="search" aria-label={t(`${prefix}.lookupLabel`)} key={`id:${values.id}`}>
          <Group align="flex-start" gap="sm">
            <TextInput
              id={view.lookupInputId}
              name="id"
              label={t(`${prefix}.id`)}
              defaultValue={values.id}
              error={lookupError === "admin.incidents.invalidId"}
              w={380}
              autoComplete="off"
              spellCheck={false}
            />
            <Button type="submit" mt={25}>
              {t(`${prefix}.lookUp`)}
            </Button>
          </Group>
        </Form>
      ) : null}
      <FormError message={lookupError} testId="lookup-error" />
      {row ? <Details row={row} /> : null}

      <Title order={2} size="h3">
        {t(view.listTitle)}
      </Title>
      <Form
        method="get"
        role="search"
        aria-label={t(`${prefix}.filterLabel`)}
        key={`filter:${view.filters.map((field) => values[field.name]).join("|")}`}
      >
        <Group align="flex-start" gap="sm">
          {view.filters.map((field) =>
            field.options ? (
              <NativeSelect
                key={field.name}
                id={field.inputId}
                name={field.name}
                label={t(field.label)}
                defaultValue={values[field.name]}
                data={field.options.values.map((value) => ({ value, label: t(`${field.options?.labels}.${value}`) }))}
                error={filterError(field.name)}
              />
            ) : (
              <TextInput
                key={field.name}
                id={field.inputId}
                name={field.name}
                type={field.type}
                label={t(field.label)}
                defaultValue={values[field.name]}
                error={filterError(field.name)}
                autoComplete={field.autoComplete}
              />
            ),
          )}
          <Button type="submit" variant="default" mt={25}>
            {t("admin.incidents.applyFilter")}
          </Button>
        </Group>
      </Form>
      <List list={page.list} />
    </Stack>
  );
}

interface Column<Row> {
  /** A message key. */
  header: string;
  cell(row: Row, t: TFunction, language: string): ReactNode;
}

/** A log's table: its first column heads each row and links to the row's entry. */
export interface LogTableSpec<Row extends { id: string }> {
  testId: string;
  rowTestId: string;
  /** A message key, given the count. */
  caption: string;
  minWidth: number;
  /** The row header: its column, its link's address and, where the text does not say it, its accessible name (given the id). */
  link: Column<Row> & { to(id: string): string; label?: string };
  columns: Column<Row>[];
}

/** The entries of a log, each opening its own; "No records found." when there are none. */
export function LogTable<Row extends { id: string }>({ spec, rows }: { spec: LogTableSpec<Row>; rows: Row[] }) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0) {
    return <NoRecords />;
  }
  const { link } = spec;
  return (
    <TableScroll minWidth={spec.minWidth}>
      <Table striped highlightOnHover withTableBorder data-testid={spec.testId} className="one-line-rows">
        <Table.Caption>{t(spec.caption, { count: rows.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {[link, ...spec.columns].map((column) => (
              <Table.Th key={column.header} scope="col">
                {t(column.header)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={spec.rowTestId}>
              <Table.Th scope="row" fw={500}>
                <Anchor component={AppLink} to={link.to(row.id)} aria-label={link.label ? t(link.label, { id: row.id }) : undefined}>
                  {link.cell(row, t, i18n.language)}
                </Anchor>
              </Table.Th>
              {spec.columns.map((column) => (
                <Table.Td key={column.header}>{column.cell(row, t, i18n.language)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
