import { Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Company } from "~/modules/catalog/catalog";
import type { SelectionPreviewProps } from "~/components/products/selection-fields";
import { TableScroll } from "~/components/layout/table-scroll";

/** The companies a selection matches: the total and the first 5 (SPEC.md section 9). */
export function CorpCompanyPreview({ preview }: SelectionPreviewProps<Company>) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="corp-preview" data-testid="company-preview">
      <Title order={2} size="h3" id="corp-preview">
        {t("corp.preview.title")}
      </Title>
      {preview.items.length === 0 ? (
        <Text data-testid="company-total">{t("corp.preview.none")}</Text>
      ) : (
        <TableScroll minWidth={640} mt="sm">
          <Table striped withTableBorder captionSide="top">
            <Table.Caption data-testid="company-total">
              {preview.total > preview.items.length
                ? t("corp.preview.captionShown", { count: preview.total, shown: preview.items.length })
                : t("corp.preview.caption", { count: preview.total })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t("corp.preview.id")}</Table.Th>
                <Table.Th scope="col">{t("corp.preview.name")}</Table.Th>
                <Table.Th scope="col">{t("corp.preview.country")}</Table.Th>
                <Table.Th scope="col">{t("corp.preview.mainIndustry")}</Table.Th>
                <Table.Th scope="col">{t("corp.preview.updated")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.items.map((company) => (
                <Table.Tr key={company.id}>
                  <Table.Td>{company.id}</Table.Td>
                  <Table.Td>{company.name}</Table.Td>
                  <Table.Td>{company.country}</Table.Td>
                  <Table.Td>{company.mainIndustry}</Table.Td>
                  <Table.Td>{company.updatedAt.slice(0, 10)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </section>
  );
}
