import { Anchor, Button, Group, Table } from "@mantine/core";
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { TableScroll } from "~/components/layout/table-scroll";
import { Truncated } from "~/components/layout/truncated";
import { productScreenPath, type ProductPlace } from "~/modules/products/places";
import type { DumpListItem } from "~/modules/feeds/dump-queries.server";
import { DumpProgress, DumpStatusBadge } from "./dump-progress";
import { formatDateTime } from "~/components/layout/format";
import { NoRecords } from "./no-records";

/**
 * The dumps of a product's list page (linking within its `place`): progress measured against `now`, the
 * files to download, and a cancel button (intent=cancel) posting to the page while a dump can be cancelled.
 */
export function DumpsTable({
  dumps,
  showOwner,
  place,
  now,
}: {
  dumps: DumpListItem[];
  showOwner: boolean;
  place: ProductPlace;
  now: number;
}) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  if (dumps.length === 0) {
    return <NoRecords />;
  }
  return (
    <TableScroll minWidth={760}>
      <Table striped highlightOnHover className="one-line-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("dumps.columns.name")}</Table.Th>
            {showOwner ? <Table.Th scope="col">{t("dumps.username")}</Table.Th> : null}
            <Table.Th scope="col">{t("dumps.columns.status")}</Table.Th>
            <Table.Th scope="col">{t("dumps.columns.progress")}</Table.Th>
            <Table.Th scope="col">{t("dumps.columns.created")}</Table.Th>
            <Table.Th scope="col">{t("dumps.columns.actions")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dumps.map((dump) => (
            <Table.Tr key={dump.id} data-testid="dump-row" data-dump-id={dump.id}>
              <Table.Td>
                <Anchor component={AppLink} to={productScreenPath(place, "dump-details", dump.id) ?? pathname}>
                  <Truncated text={dump.name} />
                </Anchor>
              </Table.Td>
              {showOwner ? (
                <Table.Td>
                  <Truncated text={dump.username} max="14rem" />
                </Table.Td>
              ) : null}
              <Table.Td>
                <DumpStatusBadge status={dump.status} />
              </Table.Td>
              <Table.Td>
                <DumpProgress {...dump} now={now} />
              </Table.Td>
              <Table.Td>
                <time dateTime={dump.created}>{formatDateTime(dump.created, i18n.language)}</time>
              </Table.Td>
              <Table.Td>
                {/* The row's actions look alike: one button style for the downloads and the cancel post. */}
                <Group gap="xs" wrap="nowrap">
                  {dump.files.map((file) => (
                    <Button
                      key={file.id}
                      component="a"
                      href={file.downloadUrl}
                      download={file.filename}
                      size="compact-sm"
                      variant="default"
                    >
                      {t("dumps.download", { format: file.format.toUpperCase() })}
                    </Button>
                  ))}
                  {dump.canBeCancelled ? (
                    <Form method="post">
                      <input type="hidden" name="dumpId" value={dump.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="cancel"
                        size="compact-sm"
                        variant="default"
                        aria-label={t("dumps.cancelNamed", { name: dump.name })}
                        loading={navigation.formData?.get("dumpId") === dump.id}
                      >
                        {t("dumps.cancel")}
                      </Button>
                    </Form>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
