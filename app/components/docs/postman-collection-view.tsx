import { Button, Code, Table, Text, Title } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DocPage } from "~/modules/docs/doc-page.server";
import { languageOfPath } from "~/modules/i18n/language";
import { downloadLinkProps } from "./downloads-panel";
import { TableScroll } from "~/components/layout/table-scroll";

const importSteps = ["importDownload", "importOpen", "importChoose", "importDone"] as const;
const variableSteps = ["variablesOpen", "variablesKey", "variablesSave"] as const;

/** The fund flows Postman collection: what it holds, how to import it and how to set its variables. */
export function PostmanCollectionView({ page }: { page: Extract<DocPage, { kind: "postman" }> }) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
  return (
    <article className="postman-collection">
      <Title order={1} mb="md">
        {page.title[language]}
      </Title>
      <Text mb="md">{t("downloads.postman.lead", { api: page.apiTitle, version: page.version })}</Text>
      <div className="postman-download">
        <Button component="a" {...downloadLinkProps(page.download)} size="md">
          {t("downloads.postman.download")}
        </Button>
        <Text size="sm" c="dimmed">
          {t("downloads.postman.format")}
        </Text>
      </div>

      <Title order={2} mt="xl" mb="xs">
        {t("downloads.postman.contents")}
      </Title>
      <Text mb="sm">{t("downloads.postman.summary", { count: page.requests, folders: page.folders.length })}</Text>
      <Table striped withTableBorder captionSide="top" mb="lg">
        <Table.Caption className="downloads-caption">{t("downloads.postman.foldersCaption")}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("downloads.postman.folder")}</Table.Th>
            <Table.Th scope="col">{t("downloads.postman.requests")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.folders.map((folder) => (
            <Table.Tr key={folder.name.en}>
              <Table.Th scope="row">{folder.name[language]}</Table.Th>
              <Table.Td>{folder.requests}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <Title order={2} mt="xl" mb="xs">
        {t("downloads.postman.import")}
      </Title>
      <ol>
        {importSteps.map((step) => (
          <li key={step}>{t(`downloads.postman.${step}`)}</li>
        ))}
      </ol>

      <Title order={2} mt="xl" mb="xs">
        {t("downloads.postman.variables")}
      </Title>
      <Text mb="sm">{t("downloads.postman.variablesLead")}</Text>
      <TableScroll minWidth={560} mb="md">
        <Table striped withTableBorder captionSide="top">
          <Table.Caption className="downloads-caption">{t("downloads.postman.variablesCaption")}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("downloads.postman.variable")}</Table.Th>
              <Table.Th scope="col">{t("downloads.postman.value")}</Table.Th>
              <Table.Th scope="col">{t("docs.description")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">
                <Code>baseUrl</Code>
              </Table.Th>
              <Table.Td>
                <Code>{page.baseUrl}</Code>
              </Table.Td>
              <Table.Td>{t("downloads.postman.baseUrl")}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">
                <Code>apiKey</Code>
              </Table.Th>
              <Table.Td>
                <Code>YOUR_API_KEY</Code>
              </Table.Td>
              <Table.Td>
                {t("downloads.postman.apiKey")} <Code>{page.apiKeyUsage}</Code>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </TableScroll>
      <ol>
        {variableSteps.map((step) => (
          <li key={step}>{t(`downloads.postman.${step}`)}</li>
        ))}
      </ol>
    </article>
  );
}
