import { SimpleGrid } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ShownFtp } from "~/modules/feeds/feed-queries.server";
import type { Notification } from "~/modules/feeds/model";
import { DetailsCard, type Row } from "~/components/layout/details-card";

interface Props {
  /** The product's own cards: what is selected and how the file is written. */
  selection: ReactNode;
  delivery: { method: string; ftp: ShownFtp };
  notification: Notification;
}

/** A stored feed's or dump's selection (the product's part), delivery and notifications: never the FTP password. */
export function SelectionDetails({ selection, delivery, notification }: Props) {
  const { t } = useTranslation();
  const label = (name: string) => t(`econ.form.fields.${name}`);
  const deliveryRows: Row[] = [
    [label("deliveryMethod"), t(`econ.options.deliveryMethod.${delivery.method}`, { defaultValue: delivery.method })],
    ...(delivery.ftp
      ? ([
          [label("ftpUrl"), delivery.ftp.host],
          [label("ftpPath"), delivery.ftp.path],
          [label("ftpUsername"), delivery.ftp.username],
          ...(delivery.method === "sftp"
            ? ([[label("hostKey"), delivery.ftp.hostKey ?? t("econ.form.hostKeyPending")]] satisfies Row[])
            : []),
        ] satisfies Row[])
      : []),
  ];
  const notificationRows: Row[] = [
    [label("notificationEmail"), notification.emails.join(", ")],
    [label("notificationUrl"), notification.url ?? ""],
    [label("notificationMethod"), notification.url ? notification.method : ""],
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      {selection}
      <DetailsCard title={t("econ.form.delivery")} rows={deliveryRows} testId="details-delivery" />
      <DetailsCard title={t("econ.form.notification")} rows={notificationRows} testId="details-notification" />
    </SimpleGrid>
  );
}
