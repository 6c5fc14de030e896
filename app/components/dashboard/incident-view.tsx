import { Anchor, Card, Code, Stack, Table, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import type { IncidentSummary, ShownIncident } from "~/modules/incidents/incident-lookup";
import { incidentLookupPath } from "~/modules/incidents/incident-path";
import { DetailsCard } from "~/components/layout/details-card";
import { formatDateTime } from "~/components/layout/format";
import { NoRecords } from "./no-records";
import { TableScroll } from "~/components/layout/table-scroll";

/** One incident: its fields, then the stack trace as recorded. */
export function IncidentDetails({ incident }: { incident: ShownIncident }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md" data-testid="incident">
      <DetailsCard
        title={t("admin.incidents.detailsTitle", { id: incident.id })}
        testId="incident-details"
        rows={[
          [t("admin.incidents.id"), incident.id],
          [t("admin.incidents.created"), formatDateTime(incident.created, i18n.language)],
          [t("admin.incidents.path"), incident.path],
          [t("admin.incidents.message"), incident.message],
          [t("admin.incidents.query"), incident.query],
          [t("admin.incidents.username"), incident.username],
        ]}
      />
      <Card withBorder padding="md" component="section" aria-label={t("admin.incidents.stacktrace")}>
        <Title order={2} size="h4" mb="xs">
          {t("admin.incidents.stacktrace")}
        </Title>
        <Code block data-testid="incident-stacktrace">
          {incident.stacktrace}
        </Code>
      </Card>
    </Stack>
  );
}

/** The recent incidents, each opening its lookup. */
export function IncidentsTable({ incidents }: { incidents: IncidentSummary[] }) {
  const { t, i18n } = useTranslation();
  if (incidents.length === 0) {
    return <NoRecords />;
  }
  return (
    <TableScroll minWidth={900}>
      <Table striped highlightOnHover withTableBorder data-testid="incidents-table">
        <Table.Caption>{t("admin.incidents.caption", { count: incidents.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("admin.incidents.id")}</Table.Th>
            <Table.Th scope="col">{t("admin.incidents.created")}</Table.Th>
            <Table.Th scope="col">{t("admin.incidents.path")}</Table.Th>
            <Table.Th scope="col">{t("admin.incidents.username")}</Table.Th>
            <Table.Th scope="col">{t("admin.incidents.message")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {incidents.map((incident) => (
            <Table.Tr key={incident.id} data-testid="incident-row">
              <Table.Th scope="row" fw={500}>
                <Anchor
                  component={AppLink}
                  to={incidentLookupPath(incident.id)}
                  aria-label={t("admin.incidents.open", { id: incident.id })}
                >
                  <Code>{incident.id.slice(0, 8)}</Code>
                </Anchor>
              </Table.Th>
              <Table.Td>{formatDateTime(incident.created, i18n.language)}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{`${incident.path}${incident.query}`}</Table.Td>
              <Table.Td>{incident.username ?? t("econ.common.none")}</Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{incident.message}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
