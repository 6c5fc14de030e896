import { Code, Table, Text, Title } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { languageOfPath } from "~/modules/i18n/language";
import { EnglishTexts, FieldTable, Html, SpecText, type DocPageOf } from "./doc-page-parts";

/** A tag of the spec: its description and the operations filed under it. */
export function TagPageView({ page }: { page: DocPageOf<"tag"> }) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
  return (
    <EnglishTexts.Provider value={new Set(page.englishTexts)}>
      <article>
        <Title order={1}>{page.title[language]}</Title>
        <Text my="md">
          <SpecText text={page.description} />
        </Text>
        <Title order={2} size="h3" mb="sm">
          {t("docs.operations")}
        </Title>
        <ul className="operation-list">
          {page.operations.map((operation) => (
            <li key={`${operation.method} ${operation.path}`}>
              <AppLink to={operation.href}>
                <span className={`method method-${operation.method.toLowerCase()}`}>{operation.method}</span> <Code>{operation.path}</Code>
              </AppLink>{" "}
              — <SpecText text={operation.summary} />
            </li>
          ))}
        </ul>
      </article>
    </EnglishTexts.Provider>
  );
}

/** Every schema the spec defines, with its fields. */
export function ModelsPageView({ page }: { page: DocPageOf<"models"> }) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
  return (
    <EnglishTexts.Provider value={new Set(page.englishTexts)}>
      <article>
        <Title order={1} mb="md">
          {page.title[language]}
        </Title>
        {page.models.map((model) => (
          <section key={model.name} aria-labelledby={`model-${model.name}`} className="model">
            <Title order={2} size="h3" id={`model-${model.name}`} mt="lg">
              {model.name}
            </Title>
            {model.description ? (
              <Text mb="xs">
                <SpecText text={model.description} />
              </Text>
            ) : null}
            {model.fields.length ? (
              <FieldTable fields={model.fields} />
            ) : model.type !== "object" ? (
              <Text>
                {t("docs.type")}: <Code>{model.type}</Code>
              </Text>
            ) : (
              <Text>{t("docs.noFields")}</Text>
            )}
          </section>
        ))}
      </article>
    </EnglishTexts.Provider>
  );
}

/** The statuses the spec's operations answer with, and the shape of an error. */
export function ResponsesPageView({ page }: { page: DocPageOf<"responses"> }) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
  return (
    <EnglishTexts.Provider value={new Set(page.englishTexts)}>
      <article>
        <Title order={1} mb="md">
          {page.title[language]}
        </Title>
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("docs.status")}</Table.Th>
              <Table.Th>{t("docs.description")}</Table.Th>
              <Table.Th>{t("docs.operations")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.statuses.map((status) => (
              <Table.Tr key={status.status}>
                <Table.Td>{status.status}</Table.Td>
                <Table.Td>
                  <SpecText text={status.description} />
                </Table.Td>
                <Table.Td>{t("docs.usedBy", { count: status.operations })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {page.errorHtml ? (
          <>
            <Text mt="lg">{t("docs.errorShape")}</Text>
            <Html html={page.errorHtml} />
          </>
        ) : null}
      </article>
    </EnglishTexts.Provider>
  );
}
