import { Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { SeriesPreviewRow } from "~/modules/catalog/previews.server";
import { TableScroll } from "~/components/layout/table-scroll";

/** The series a selection matches: the total and at most the first 500 (SPEC.md section 9). */
export function EconSeriesPreview({ preview }: { preview: { total: number; items: SeriesPreviewRow[] } }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="econ-preview-title" id="econ-preview" data-testid="series-preview">
      <Title order={2} size="h3" id="econ-preview-title">
        {t("econ.preview.title")}
      </Title>
      <Text fw={600} data-testid="series-total">
        {t("econ.preview.total", { count: preview.total })}
      </Text>
      {preview.total > preview.items.length && preview.items.length > 0 ? (
        <Text size="sm">{t("econ.preview.shown", { shown: preview.items.length })}</Text>
      ) : null}
      {preview.items.length === 0 ? (
        <Text>{t("econ.common.noRecords")}</Text>
      ) : (
        <TableScroll minWidth={720} maxHeight={480} mt="sm">
          <Table striped withTableBorder stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("econ.preview.id")}</Table.Th>
                <Table.Th scope="col">{t("econ.preview.name")}</Table.Th>
                <Table.Th scope="col">{t("econ.preview.frequency")}</Table.Th>
                <Table.Th scope="col">{t("econ.preview.unit")}</Table.Th>
                <Table.Th scope="col">{t("econ.preview.country")}</Table.Th>
                <Table.Th scope="col">{t("econ.preview.lastUpdate")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.items.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.id}</Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{t(`econ.options.seriesFrequency.${row.frequency}`, { defaultValue: row.frequency })}</Table.Td>
                  <Table.Td>{row.unit}</Table.Td>
                  <Table.Td>{row.country}</Table.Td>
                  <Table.Td>{row.lastUpdate.slice(0, 10)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </section>
  );
}
