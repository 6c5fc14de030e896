import { Alert, Badge, Code, Stack, Text, Title } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { QueryBuilderData } from "~/modules/docs/query-builder";
import { languageOfPath } from "~/modules/i18n/language";
import { AppLink } from "~/components/layout/app-link";
import { CodeTabs } from "./code-tabs";
import { EnglishTexts, FieldTable, Html, SpecText, type DocPageOf } from "./doc-page-parts";
import { QueryBuilder } from "./query-builder";
import { SchemaTree } from "./schema-tree-view";

type OperationPage = DocPageOf<"operation">;

const samplesNotes = { "with-key": "queryBuilder.samplesWithKey", key: "docs.samplesKey", session: "docs.samplesSession" } as const;

/**
 * One operation of the spec: its description, parameters, query builder, request body and responses, with the
 * request samples and the example response in a code column beside them from 1200 px (under the description
 * below), in the reader's chosen language.
 */
export function OperationPageView({
  page,
  queryBuilder,
  codeLanguage,
}: {
  page: OperationPage;
  queryBuilder?: QueryBuilderData | null;
  codeLanguage: string | null;
}) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
  return (
    <EnglishTexts.Provider value={new Set(page.englishTexts)}>
      <article className="operation-page">
        <div className="operation-head">
          <Text size="sm" c="dimmed">
            {page.tag[language]}
          </Text>
          <Title order={1} mb="xs">
            <SpecText text={page.title} />
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
          <Text my="md">
            <SpecText text={page.description} />
          </Text>
        </div>
        <CodeColumn page={page} codeLanguage={codeLanguage} />
        <div className="operation-body">
          <Title order={2} size="h3" mt="lg" mb="sm">
            {t("docs.parameters")}
          </Title>
          {page.parameters.length ? <FieldTable fields={page.parameters} withLocation /> : <Text>{t("docs.noParameters")}</Text>}
          {queryBuilder && !page.webhook ? <QueryBuilder form={page.builder} {...queryBuilder} /> : null}
          {page.requestBody ? <RequestBody body={page.requestBody} /> : null}
          <Responses responses={page.responses} />
        </div>
      </article>
    </EnglishTexts.Provider>
  );
}

function RequestBody({ body }: { body: NonNullable<OperationPage["requestBody"]> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="request-body">
      <Title order={2} size="h3" mt="lg" mb="sm" id="request-body">
        {t("docs.schemaView.requestBody")}
      </Title>
      {body.description ? (
        <Text mb="xs">
          <SpecText text={body.description} />
        </Text>
      ) : null}
      {body.mediaTypes.map((media) => (
        <div key={media.mediaType}>
          <Text fw={600} component="div">
            <Code>{media.mediaType}</Code>
            {body.required ? ` ${t("docs.schemaView.required")}` : null}
          </Text>
          {media.tree ? <SchemaTree node={media.tree} /> : null}
        </div>
      ))}
    </section>
  );
}

function Responses({ responses }: { responses: OperationPage["responses"] }) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={2} size="h3" mt="lg" mb="sm">
        {t("docs.responses")}
      </Title>
      <Stack gap="md">
        {responses.map((response) => (
          <div key={response.status}>
            <Text fw={600} component="div">
              <Badge color={response.status.startsWith("2") ? "teal.9" : "red.9"} mr="xs">
                {response.status}
              </Badge>
              <SpecText text={response.description} /> {response.schema ? <Code>{response.schema}</Code> : null}
            </Text>
            {response.tree ? <SchemaTree node={response.tree} /> : null}
          </div>
        ))}
      </Stack>
    </>
  );
}

/** The request samples in tabs and the successful responses' examples under them: sticky beside the reference from 1200 px. */
function CodeColumn({ page, codeLanguage }: { page: OperationPage; codeLanguage: string | null }) {
  const { t } = useTranslation();
  const examples = page.responses.filter((response) => response.exampleHtml && response.status.startsWith("2"));
  return (
    <section className="operation-code" aria-labelledby="code-column-title" data-testid="code-column">
      <Title order={2} size="h5" mb="xs" id="code-column-title">
        {t("docs.requestSamples")}
      </Title>
      {page.samplesNote !== "none" ? (
        <Text size="sm" mb="xs" data-testid="samples-note">
          {t(samplesNotes[page.samplesNote])}{" "}
          {page.samplesNote === "key" ? <AppLink to={page.tokensHref}>{t("queryBuilder.links.tokenManagement")}</AppLink> : null}
        </Text>
      ) : null}
      <CodeTabs id="code-samples" samples={page.samplesHtml} chosen={codeLanguage} />
      {examples.map((response) => (
        <div key={response.status} data-testid="example-response">
          <Title order={3} size="h5" mt="md" mb="xs">
            {t("docs.exampleResponse")}{" "}
            <Badge color="teal.9" ml={4}>
              {response.status}
            </Badge>
          </Title>
          <Html html={response.exampleHtml ?? ""} />
        </div>
      ))}
    </section>
  );
}
