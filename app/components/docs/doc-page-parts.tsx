import { Badge, Code, Table, TypographyStylesProvider } from "@mantine/core";
import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import { TableScroll } from "~/components/layout/table-scroll";
import type { DocPage, SchemaField } from "~/modules/docs/doc-page.server";

/** A docs page of one kind, as the page resolver returns it. */
export type DocPageOf<Kind extends DocPage["kind"]> = Extract<DocPage, { kind: Kind }>;

/** Markdown or highlighted code rendered on the server. */
export function Html({ html, lang }: { html: string; lang?: string }) {
  return (
    <TypographyStylesProvider>
      <div className="markdown" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
    </TypographyStylesProvider>
  );
}

/** The spec texts a Chinese page shows in English, untranslated (DocPage's englishTexts). */
export const EnglishTexts = createContext<ReadonlySet<string>>(new Set());

/** A text of the spec; one shown untranslated on a Chinese page says so, rather than passing silently. */
export function SpecText({ text }: { text: string }) {
  const { t } = useTranslation();
  if (!useContext(EnglishTexts).has(text)) return <>{text}</>;
  return (
    <span lang="en">
      {text}{" "}
      <Badge component="span" size="xs" variant="outline" color="gray.8" title={t("docs.englishTextNote")}>
        {t("docs.englishText")}
      </Badge>
    </span>
  );
}

export function FieldTable({ fields, withLocation }: { fields: (SchemaField & { in?: string })[]; withLocation?: boolean }) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={560}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("docs.name")}</Table.Th>
            {withLocation ? <Table.Th>{t("docs.location")}</Table.Th> : null}
            <Table.Th>{t("docs.type")}</Table.Th>
            <Table.Th>{t("docs.required")}</Table.Th>
            <Table.Th>{t("docs.description")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => (
            <Table.Tr key={`${field.in ?? ""}-${field.name}`}>
              <Table.Td>
                <Code>{field.name}</Code>
              </Table.Td>
              {withLocation ? <Table.Td>{field.in}</Table.Td> : null}
              <Table.Td>{field.type}</Table.Td>
              <Table.Td>{field.required ? t("docs.yes") : t("docs.no")}</Table.Td>
              <Table.Td>
                <SpecText text={field.description} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
