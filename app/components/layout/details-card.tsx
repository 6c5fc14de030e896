import { Card, Table, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export type Row = [label: string, value: ReactNode];

/** A titled card of label and value rows; empty values read "none". */
export function DetailsCard({ title, rows, testId }: { title: string; rows: Row[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" withRowBorders>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="40%">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{value === null || value === "" ? t("econ.common.none") : value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
