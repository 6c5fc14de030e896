import { Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NoRecords } from "~/components/dashboard/no-records";
import { UsageChart } from "~/components/dashboard/usage-chart";
import { formatDateTime } from "~/components/layout/format";
import { HeadedSection } from "~/components/layout/headed-section";
import { TableScroll } from "~/components/layout/table-scroll";
import type { OperationUsage, UsageCall, UsageDay } from "~/modules/usage/usage.server";

export interface UsageReportView {
  from: string;
  to: string;
  days: UsageDay[];
  calls: UsageCall[];
  operations: OperationUsage[];
}

/** A filter of the log beyond the common ones (the admins' set and account). */
export interface ExtraFilter {
  name: string;
  label: string;
}

const commonFilters = ["from", "to", "status", "operation", "requestId"] as const;

/**
 * The GET filter form of a usage page: plain fields, so it works without JavaScript; the loader's messages sit
 * beside the fields they are about. The CSV links carry the same filters.
 */
export function UsageFilterForm({
  values,
  errors,
  extra = [],
  csvBase,
}: {
  values: Record<string, string>;
  errors: Record<string, string> | null;
  extra?: ExtraFilter[];
  csvBase: string;
}) {
  const { t } = useTranslation();
  const search = new URLSearchParams(values).toString();
  const suffix = search ? `?${search}` : "";
  const inputs = [...commonFilters.map((name) => ({ name, label: t(`usagePage.filters.${name}`) })), ...extra];
  return (
    <Form method="get" role="search" aria-label={t("usagePage.filterLabel")} key={search}>
      <Group align="flex-start" gap="sm">
        {inputs.map((input) => (
          <TextInput
            key={input.name}
            id={`usage-${input.name}`}
            name={input.name}
            label={input.label}
            placeholder={input.name === "from" || input.name === "to" ? "YYYY-MM-DD" : undefined}
            defaultValue={values[input.name] ?? ""}
            error={errors?.[input.name]}
            autoComplete="off"
            w={input.name === "requestId" || input.name === "account" ? 280 : input.name === "status" ? 260 : 150}
          />
        ))}
        <Button type="submit" variant="default" mt={25}>
          {t("usagePage.apply")}
        </Button>
      </Group>
      {errors?.limit ? (
        <Text c="red" role="alert">
          {errors.limit}
        </Text>
      ) : null}
      <Group gap="md" mt="xs">
        {/* Plain links: the downloads are files, not pages Remix would render. */}
        <Anchor href={`${csvBase}/calls.csv${suffix}`} data-testid="usage-calls-csv">
          {t("usagePage.callsCsv")}
        </Anchor>
        <Anchor href={`${csvBase}/days.csv${suffix}`} data-testid="usage-days-csv">
          {t("usagePage.daysCsv")}
        </Anchor>
      </Group>
    </Form>
  );
}

/** Calls, errors and p50/p95 latency per operation. */
function OperationsTable({ operations }: { operations: OperationUsage[] }) {
  const { t } = useTranslation();
  if (operations.length === 0) return <NoRecords />;
  return (
    <TableScroll minWidth={560}>
      <Table striped withTableBorder data-testid="usage-operations">
        <Table.Caption>{t("usagePage.operationsCaption")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {["operation", "set", "calls", "errors", "p50", "p95"].map((column) => (
              <Table.Th key={column} scope="col">
                {t(`usagePage.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {operations.map((operation) => (
            <Table.Tr key={`${operation.set} ${operation.operation}`} data-operation={operation.operation}>
              <Table.Th scope="row" fw={500}>
                {operation.operation || t("usagePage.noOperation")}
              </Table.Th>
              <Table.Td>{operation.set}</Table.Td>
              <Table.Td>{operation.calls}</Table.Td>
              <Table.Td>{operation.errors}</Table.Td>
              <Table.Td>{operation.p50 === null ? "" : t("usagePage.ms", { ms: operation.p50 })}</Table.Td>
              <Table.Td>{operation.p95 === null ? "" : t("usagePage.ms", { ms: operation.p95 })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** The recent calls, newest first, each linking to its detail. */
function CallsTable({
  calls,
  detailBase,
  accounts,
}: {
  calls: UsageCall[];
  detailBase: string;
  /** Admins see whose each call was. */
  accounts?: Record<string, { label: string }>;
}) {
  const { t, i18n } = useTranslation();
  if (calls.length === 0) return <NoRecords />;
  return (
    <TableScroll minWidth={accounts ? 1100 : 900}>
      <Table striped withTableBorder data-testid="usage-calls" className="one-line-rows">
        <Table.Caption>{t("usagePage.callsCaption", { count: calls.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("usagePage.time")}</Table.Th>
            {accounts ? <Table.Th scope="col">{t("usagePage.account")}</Table.Th> : null}
            <Table.Th scope="col">{t("usagePage.request")}</Table.Th>
            <Table.Th scope="col">{t("usagePage.status")}</Table.Th>
            <Table.Th scope="col">{t("usagePage.latency")}</Table.Th>
            <Table.Th scope="col">{t("usagePage.requestId")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {calls.map((call) => (
            <Table.Tr key={call.requestId} data-testid="usage-call" data-status={call.status}>
              <Table.Td>{formatDateTime(call.time, i18n.language)}</Table.Td>
              {accounts ? <Table.Td>{accounts[call.account]?.label ?? call.account}</Table.Td> : null}
              <Table.Td>
                <code>
                  {call.method} {call.path}
                </code>
              </Table.Td>
              <Table.Td>{call.status}</Table.Td>
              <Table.Td>{t("usagePage.ms", { ms: call.latencyMs })}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`${detailBase}/${call.requestId}`}>
                  {call.requestId}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** A usage page's sections below its title and filters. */
export function UsageSections({
  report,
  detailBase,
  accounts,
}: {
  report: UsageReportView;
  detailBase: string;
  accounts?: Record<string, { label: string }>;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <HeadedSection id="usage-days-title" title={t("usagePage.daysTitle", { from: report.from, to: report.to })}>
        <UsageChart days={report.days} />
      </HeadedSection>
      <HeadedSection id="usage-operations-title" title={t("usagePage.operationsTitle")}>
        <OperationsTable operations={report.operations} />
      </HeadedSection>
      <HeadedSection id="usage-calls-title" title={t("usagePage.callsTitle")}>
        <CallsTable calls={report.calls} detailBase={detailBase} accounts={accounts} />
      </HeadedSection>
    </Stack>
  );
}

/** One call: what was asked, how it went, and the way back into the query builder with its parameters. */
export function UsageCallView({ call, back }: { call: UsageCall & { builderLink: string | null }; back: string }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    ["request", `${call.method} ${call.path}${call.query ? `?${call.query}` : ""}`],
    ["status", String(call.status)],
    ["time", formatDateTime(call.time, i18n.language) ?? call.time],
    ["latency", t("usagePage.ms", { ms: call.latencyMs })],
    ["requestId", call.requestId],
    ["operation", call.operation || t("usagePage.noOperation")],
    ["set", call.set],
    ["responseBytes", String(call.responseBytes)],
    ["userAgent", call.userAgent],
    ["clientAddress", call.clientAddress],
  ];
  return (
    <Stack gap="md" data-testid="usage-call-detail">
      <TableScroll minWidth={320}>
        <Table withTableBorder>
          <Table.Tbody>
            {rows.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Th scope="row" w={180}>
                  {t(`usagePage.${name}`)}
                </Table.Th>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{name === "request" ? <code>{value}</code> : value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      {call.error ? (
        <section aria-labelledby="usage-error-title">
          <Title order={2} size="h4" id="usage-error-title">
            {t("usagePage.errorBody")}
          </Title>
          <pre className="usage-error">{call.error}</pre>
        </section>
      ) : null}
      <Group gap="md">
        {call.builderLink ? (
          <Button component={Link} to={call.builderLink} data-testid="open-in-builder">
            {t("usagePage.openInBuilder")}
          </Button>
        ) : null}
        <Anchor component={Link} to={back}>
          {t("usagePage.backToLog")}
        </Anchor>
      </Group>
    </Stack>
  );
}
