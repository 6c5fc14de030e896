import { Alert, Badge, Code, Stack, Table, Text, Title, TypographyStylesProvider } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import type { DocPage, SchemaField } from "~/modules/docs/doc-page.server";
import type { SchemaNode } from "~/modules/docs/schema-tree";
import type { SdkEntry } from "~/modules/docs/exports/download-pages";
import type { DownloadListing } from "~/modules/docs/exports/downloads";
import type { QueryBuilderData } from "~/modules/docs/query-builder";
import { languageOfPath } from "~/modules/i18n/language";
import { DownloadsPanel, RClientButton } from "./downloads-panel";
import { PostmanCollectionView } from "./postman-collection-view";
import { QueryBuilder } from "./query-builder";
import { TableScroll } from "~/components/layout/table-scroll";

type Renderable = Exclude<DocPage, { kind: "redirect" } | { kind: "not-found" }>;

const samplesNotes = { "with-key": "queryBuilder.samplesWithKey", key: "docs.samplesKey", session: "docs.samplesSession" } as const;

const sampleNames: Record<string, string> = { curl: "curl", python: "Python", javascript: "JavaScript", php: "PHP", r: "R" };

function Html({ html, lang }: { html: string; lang?: string }) {
  return (
    <TypographyStylesProvider>
      <div className="markdown" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />
    </TypographyStylesProvider>
  );
}

function FieldTable({ fields, withLocation }: { fields: (SchemaField & { in?: string })[]; withLocation?: boolean }) {
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
              <Table.Td>{field.description}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

type Translate = ReturnType<typeof useTranslation>["t"];

/** A link to a schema written out elsewhere: above on this page, or on the models page. */
function SchemaLink({ href, name, t }: { href: string; name: string; t: Translate }) {
  if (href.startsWith("#")) return <a href={href}>{t("docs.schemaView.seeAbove", { name })}</a>;
  return <AppLink to={href}>{t("docs.schemaView.seeModel", { name })}</AppLink>;
}

/**
 * One row of a schema tree and the rows below it, in plain elements (a page may carry hundreds of rows); the tree
 * is finite, a repeated schema being a link.
 */
function SchemaRow({ node, t }: { node: SchemaNode; t: Translate }) {
  return (
    <li id={node.anchor}>
      {node.name ? <code>{node.name}</code> : null}
      {node.additional ? <em>{t("docs.schemaView.additional")}</em> : null} <span className="schema-type">{node.type}</span>
      {node.required ? <strong> {t("docs.schemaView.required")}</strong> : null}
      {node.link ? (
        <>
          {" "}
          (<SchemaLink href={node.link.href} name={node.link.schema} t={t} />)
        </>
      ) : null}
      {node.description ? <div>{node.description}</div> : null}
      {node.variants ? (
        <>
          <div>
            <em>
              {node.variants.discriminator && node.variants.kind !== "allOf"
                ? t(`docs.schemaView.${node.variants.kind}By`, { name: node.variants.discriminator })
                : t(`docs.schemaView.${node.variants.kind}`)}
            </em>
          </div>
          <ol>
            {node.variants.options.map((option, index) => (
              <SchemaRow key={index} node={option} t={t} />
            ))}
          </ol>
        </>
      ) : null}
      {node.fields?.length ? (
        <ul>
          {node.fields.map((field, index) => (
            <SchemaRow key={index} node={field} t={t} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function SchemaTree({ node }: { node: SchemaNode }) {
  const { t } = useTranslation();
  return (
    <TypographyStylesProvider>
      <ul className="schema-tree">
        <SchemaRow node={node} t={t} />
      </ul>
    </TypographyStylesProvider>
  );
}

interface DocPageViewProps {
  page: Renderable;
  downloads?: DownloadListing;
  rClient?: SdkEntry;
  /** An operation page's query builder: who may send and the values shown first. */
  queryBuilder?: QueryBuilderData | null;
}

/**
 * One docs page: written markdown, an empty state, or a reference page generated from the spec. A written
 * or empty page may carry the set's downloads after its text, or the R client button above it; an operation
 * page carries the query builder after its parameters.
 */
export function DocPageView({ page, downloads, rClient, queryBuilder }: DocPageViewProps) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
  switch (page.kind) {
    case "markdown":
      return (
        <article>
          <Title order={1} mb="md">
            {page.title}
          </Title>
          {rClient ? <RClientButton client={rClient} /> : null}
          {page.contentLanguage !== language ? (
            <Alert color="gray" mb="md" data-testid="untranslated" lang={language}>
              {t("docs.untranslated")}
            </Alert>
          ) : null}
          <Html html={page.html} lang={page.contentLanguage} />
          {downloads ? <DownloadsPanel listing={downloads} /> : null}
        </article>
      );
    case "empty":
      return (
        <article data-testid="empty-page">
          <Title order={1} mb="md">
            {page.title[language]}
          </Title>
          {rClient ? <RClientButton client={rClient} /> : null}
          <Text>{t("docs.emptyText")}</Text>
          {downloads ? <DownloadsPanel listing={downloads} /> : null}
        </article>
      );
    case "tag":
      return (
        <article>
          <Title order={1}>{page.title[language]}</Title>
          <Text my="md">{page.description}</Text>
          <Title order={2} size="h3" mb="sm">
            {t("docs.operations")}
          </Title>
          <ul className="operation-list">
            {page.operations.map((operation) => (
              <li key={`${operation.method} ${operation.path}`}>
                <AppLink to={operation.href}>
                  <span className={`method method-${operation.method.toLowerCase()}`}>{operation.method}</span>{" "}
                  <Code>{operation.path}</Code>
                </AppLink>{" "}
                — {operation.summary}
              </li>
            ))}
          </ul>
        </article>
      );
    case "operation":
      return (
        <article>
          <Text size="sm" c="dimmed">
            {page.tag[language]}
          </Text>
          <Title order={1} mb="xs">
            {page.title}
          </Title>
          <p className="operation-signature">
            <span className={`method method-${page.method.toLowerCase()}`}>{page.method}</span> <Code>{page.path}</Code>
            {page.webhook ? (
              <Badge ml="xs" color="gray.8">
                {t("docs.schemaView.webhook")}
              </Badge>
            ) : null}
          </p>
          {page.webhook ? <Alert color="gray">{t("docs.schemaView.webhookNote")}</Alert> : null}
          <Text my="md">{page.description}</Text>
          <Title order={2} size="h3" mt="lg" mb="sm">
            {t("docs.parameters")}
          </Title>
          {page.parameters.length ? <FieldTable fields={page.parameters} withLocation /> : <Text>{t("docs.noParameters")}</Text>}
          {queryBuilder && !page.webhook ? <QueryBuilder form={page.builder} {...queryBuilder} /> : null}
          {page.requestBody ? (
            <section aria-labelledby="request-body">
              <Title order={2} size="h3" mt="lg" mb="sm" id="request-body">
                {t("docs.schemaView.requestBody")}
              </Title>
              {page.requestBody.description ? <Text mb="xs">{page.requestBody.description}</Text> : null}
              {page.requestBody.mediaTypes.map((body) => (
                <div key={body.mediaType}>
                  <Text fw={600} component="div">
                    <Code>{body.mediaType}</Code>
                    {page.requestBody?.required ? ` ${t("docs.schemaView.required")}` : null}
                  </Text>
                  {body.tree ? <SchemaTree node={body.tree} /> : null}
                </div>
              ))}
            </section>
          ) : null}
          <Title order={2} size="h3" mt="lg" mb="sm">
            {t("docs.responses")}
          </Title>
          <Stack gap="md">
            {page.responses.map((response) => (
              <div key={response.status}>
                <Text fw={600} component="div">
                  <Badge color={response.status.startsWith("2") ? "teal.9" : "red.9"} mr="xs">
                    {response.status}
                  </Badge>
                  {response.description} {response.schema ? <Code>{response.schema}</Code> : null}
                </Text>
                {response.tree ? <SchemaTree node={response.tree} /> : null}
                {response.exampleHtml && response.status.startsWith("2") ? (
                  <>
                    <Text size="sm" mt="xs">
                      {t("docs.exampleResponse")}
                    </Text>
                    <Html html={response.exampleHtml} />
                  </>
                ) : null}
              </div>
            ))}
          </Stack>
          <Title order={2} size="h3" mt="lg" mb="sm">
            {t("docs.requestSamples")}
          </Title>
          {page.samplesNote !== "none" ? (
            <Text size="sm" mb="xs">
              {t(samplesNotes[page.samplesNote])}
            </Text>
          ) : null}
          {page.samplesHtml.map((sample) => (
            <section key={sample.language} aria-label={sampleNames[sample.language]} data-testid={`sample-${sample.language}`}>
              <Title order={3} size="h5" mt="sm">
                {sampleNames[sample.language]}
              </Title>
              <Html html={sample.html} />
            </section>
          ))}
        </article>
      );
    case "models":
      return (
        <article>
          <Title order={1} mb="md">
            {page.title[language]}
          </Title>
          {page.models.map((model) => (
            <section key={model.name} aria-labelledby={`model-${model.name}`} className="model">
              <Title order={2} size="h3" id={`model-${model.name}`} mt="lg">
                {model.name}
              </Title>
              {model.description ? <Text mb="xs">{model.description}</Text> : null}
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
      );
    case "postman":
      return <PostmanCollectionView page={page} />;
    case "responses":
      return (
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
                  <Table.Td>{status.description}</Table.Td>
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
      );
  }
}
