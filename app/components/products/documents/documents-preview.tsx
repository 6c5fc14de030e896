import { Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { DocumentRecord } from "~/modules/catalog/catalog";
import type { SelectionPreviewProps } from "~/components/products/selection-fields";
import { TableScroll } from "~/components/layout/table-scroll";

/** The documents a feed matches now: the total and the first 5. */
export function DocumentsPreview({ preview }: SelectionPreviewProps<DocumentRecord>) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="documents-preview" data-testid="documents-preview">
      <Title order={2} size="h3" id="documents-preview">
        {t("documentsScreens.previewTitle")}
      </Title>
      <Text data-testid="documents-total">{t("documentsScreens.previewTotal", { count: preview.total })}</Text>
      {preview.items.length === 0 ? null : (
        <TableScroll minWidth={640} mt="sm">
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("documentsScreens.columns.title")}</Table.Th>
                <Table.Th scope="col">{t("documents.form.fields.source")}</Table.Th>
                <Table.Th scope="col">{t("documents.form.fields.country")}</Table.Th>
                <Table.Th scope="col">{t("documents.form.fields.language")}</Table.Th>
                <Table.Th scope="col">{t("documentsScreens.columns.published")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.items.map((document) => (
                <Table.Tr key={document.id}>
                  <Table.Th scope="row" fw={500}>
                    {document.title}
                  </Table.Th>
                  <Table.Td>{document.source}</Table.Td>
                  <Table.Td>{document.country}</Table.Td>
                  <Table.Td>{document.language}</Table.Td>
                  <Table.Td>{document.publishedAt.slice(0, 10)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </section>
  );
}
