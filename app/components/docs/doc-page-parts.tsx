import { Badge, Code, Table, TypographyStylesProvider } from "@mantine/core";
import { createContext, useContext, type ReactNode } from "react";
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

/**
 * A text of the spec; one shown untranslated on a Chinese page says so, rather than passing silently. `children`
 * renders the text otherwise than as plain text (the builder shows its `inline code` as code).
 */
export function SpecText({ text, children }: { text: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const shown = children ?? text;
  if (!useContext(EnglishTexts).has(text)) return <>{shown}</>;
  return (
    <span lang="en">
      {shown}{" "}
      <Badge component="span" size="xs" variant="outline" color="gray.8" title={t("docs.englishTextNote")}>
        {t("docs.englishText")}
      </Badge>
    </span>
  );
}

/** A parameter or field table; on phones each row stacks as a list of label and value (app.css, .field-table). */
export function FieldTable({ fields, withLocation }: { fields: (SchemaField & { in?: string })[]; withLocation?: boolean }) {
  const { t } = useTranslation();
  const labels = {
    name: t("docs.name"),
    location: t("docs.location"),
    type: t("docs.type"),
    required: t("docs.required"),
    description: t("docs.description"),
  };
  return (
    <TableScroll minWidth={560} className="field-table-scroll">
      <Table striped withTableBorder className="field-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{labels.name}</Table.Th>
            {withLocation ? <Table.Th>{labels.location}</Table.Th> : null}
            <Table.Th>{labels.type}</Table.Th>
            <Table.Th>{labels.required}</Table.Th>
            <Table.Th>{labels.description}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((field) => (
            <Table.Tr key={`${field.in ?? ""}-${field.name}`}>
              <Table.Td data-label={labels.name}>
                <Code>{field.name}</Code>
              </Table.Td>
              {withLocation ? <Table.Td data-label={labels.location}>{field.in}</Table.Td> : null}
              <Table.Td data-label={labels.type}>{field.type}</Table.Td>
              <Table.Td data-label={labels.required}>{field.required ? t("docs.yes") : t("docs.no")}</Table.Td>
              <Table.Td data-label={labels.description}>
                <SpecText text={field.description} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
