import { Button, Table, Text, Title } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { docLabel } from "~/modules/docs/doc-labels";
import { splitSdks, type SdkEntry } from "~/modules/docs/exports/download-pages";
import { guideHref, type DownloadListing } from "~/modules/docs/exports/downloads";
import { isExternalHref, languageOfPath } from "~/modules/i18n/language";
import { TableScroll } from "~/components/layout/table-scroll";

/** Downloads live outside the language prefix, so a path is linked as it is; a file on another host opens in a new tab. */
export function downloadLinkProps(href: string) {
  return isExternalHref(href) ? { href, download: true, target: "_blank", rel: "noopener noreferrer" } : { href, download: true };
}

/** "Download" for the eye, "Download {what}" for a screen reader, so that every link of a table has its own name. */
function DownloadCell({ href, what }: { href: string; what: string }) {
  const { t } = useTranslation();
  return (
    <Table.Td>
      <a {...downloadLinkProps(href)}>
        {t("downloads.download")}
        <span className="visually-hidden"> {what}</span>
      </a>
    </Table.Td>
  );
}

function DownloadTable({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <TableScroll minWidth={480} mb="lg">
      <Table striped withTableBorder captionSide="top">
        <Table.Caption className="downloads-caption">{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header} scope="col">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** A set's SDK clients, documentation and specification files, rendered on the server. */
export function DownloadsPanel({ listing }: { listing: DownloadListing }) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
  const { clients, specifications } = splitSdks(listing.sdks);
  return (
    <section aria-labelledby="downloads-title" className="downloads-panel" data-testid="downloads">
      <Title order={2} id="downloads-title" mt="xl" mb="xs">
        {t("downloads.title")}
      </Title>
      <Text mb="md">{t("downloads.lead")}</Text>
      {clients.length ? (
        <DownloadTable
          caption={t("downloads.clients")}
          headers={[t("docs.name"), t("downloads.version"), t("docs.type"), t("downloads.file")]}
        >
          {clients.map((sdk) => (
            <Table.Tr key={sdk.path}>
              <Table.Th scope="row">{sdk.name}</Table.Th>
              <Table.Td>{sdk.version}</Table.Td>
              <Table.Td>{docLabel(sdk.type)[language]}</Table.Td>
              <DownloadCell href={sdk.path} what={t("downloads.clientItem", { name: sdk.name, version: sdk.version })} />
            </Table.Tr>
          ))}
        </DownloadTable>
      ) : null}
      {listing.downloads.length ? (
        <DownloadTable
          caption={t("downloads.documentation")}
          headers={[t("downloads.language"), t("downloads.contents"), t("downloads.file")]}
        >
          {listing.downloads.map((guide) => (
            <Table.Tr key={guide.path}>
              <Table.Th scope="row">{docLabel(guide.name)[language]}</Table.Th>
              <Table.Td>{t("downloads.guideContents")}</Table.Td>
              <DownloadCell
                href={guideHref(guide.path, language)}
                what={t("downloads.guideItem", { language: docLabel(guide.name)[language] })}
              />
            </Table.Tr>
          ))}
        </DownloadTable>
      ) : null}
      {specifications.length ? (
        <DownloadTable
          caption={t("downloads.specification")}
          headers={[t("downloads.format"), t("downloads.version"), t("downloads.file")]}
        >
          {specifications.map((sdk) => (
            <Table.Tr key={sdk.path}>
              <Table.Th scope="row">{t(`downloads.formats.${sdk.type}`)}</Table.Th>
              <Table.Td>{sdk.version}</Table.Td>
              <DownloadCell
                href={sdk.path}
                what={t("downloads.specItem", { format: t(`downloads.formats.${sdk.type}`), version: sdk.version })}
              />
            </Table.Tr>
          ))}
        </DownloadTable>
      ) : null}
    </section>
  );
}

/** The prominent R client download of a set's R pages. */
export function RClientButton({ client }: { client: SdkEntry }) {
  const { t } = useTranslation();
  return (
    <div className="r-client-download" data-testid="r-client-download">
      <Button component="a" {...downloadLinkProps(client.path)} size="md">
        {t("downloads.rClient")}
      </Button>
      <Text size="sm" c="dimmed">
        {t("downloads.rClientVersion", { version: client.version })}
      </Text>
    </div>
  );
}
