import { Alert, Badge, Code, Stack, Text, Title } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { QueryBuilderData } from "~/modules/docs/query-builder";
import { languageOfPath } from "~/modules/i18n/language";
import { EnglishTexts, FieldTable, Html, SpecText, type DocPageOf } from "./doc-page-parts";
import { QueryBuilder } from "./query-builder";
import { SchemaTree } from "./schema-tree-view";

type OperationPage = DocPageOf<"operation">;

const samplesNotes = { "with-key": "queryBuilder.samplesWithKey", key: "docs.samplesKey", session: "docs.samplesSession" } as const;

const sampleNames: Record<string, string> = { curl: "curl", python: "Python", javascript: "JavaScript", php: "PHP", r: "R" };

/** One operation of the spec: its parameters, the query builder, its request body, responses and request samples. */
export function OperationPageView({ page, queryBuilder }: { page: OperationPage; queryBuilder?: QueryBuilderData | null }) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
  return (
    <EnglishTexts.Provider value={new Set(page.englishTexts)}>
      <article>
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
        <Title order={2} size="h3" mt="lg" mb="sm">
          {t("docs.parameters")}
        </Title>
        {page.parameters.length ? <FieldTable fields={page.parameters} withLocation /> : <Text>{t("docs.noParameters")}</Text>}
        {queryBuilder && !page.webhook ? <QueryBuilder form={page.builder} {...queryBuilder} /> : null}
        {page.requestBody ? <RequestBody body={page.requestBody} /> : null}
        <Responses responses={page.responses} />
        <RequestSamples page={page} />
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
    </>
  );
}

function RequestSamples({ page }: { page: OperationPage }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
