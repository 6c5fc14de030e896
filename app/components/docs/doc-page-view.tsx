import { Alert, Text, Title } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DocPage } from "~/modules/docs/doc-page.server";
import type { SdkEntry } from "~/modules/docs/exports/download-pages";
import type { DownloadListing } from "~/modules/docs/exports/downloads";
import type { QueryBuilderData } from "~/modules/docs/query-builder";
import { languageOfPath } from "~/modules/i18n/language";
import { CodeTabs } from "./code-tabs";
import { Html, type DocPageOf } from "./doc-page-parts";
import { DownloadsPanel, RClientButton } from "./downloads-panel";
import { OperationPageView } from "./operation-page-view";
import { PostmanCollectionView } from "./postman-collection-view";
import { ModelsPageView, ResponsesPageView, TagPageView } from "./reference-page-views";

type Renderable = Exclude<DocPage, { kind: "redirect" } | { kind: "not-found" }>;

/** What a written or empty page may carry: the set's downloads after its text, or the R client button above it. */
interface WrittenExtras {
  downloads?: DownloadListing;
  rClient?: SdkEntry;
}

interface DocPageViewProps extends WrittenExtras {
  page: Renderable;
  /** An operation page's query builder: who may send and the values shown first. */
  queryBuilder?: QueryBuilderData | null;
  /** The reader's language of code samples (a cookie), whose tab the samples show first. */
  codeLanguage: string | null;
}

/**
 * One docs page: written markdown, an empty state, or a reference page generated from the spec, each kind
 * drawn by its own component.
 */
export function DocPageView({ page, downloads, rClient, queryBuilder, codeLanguage }: DocPageViewProps) {
  switch (page.kind) {
    case "markdown":
      return <MarkdownPageView page={page} downloads={downloads} rClient={rClient} codeLanguage={codeLanguage} />;
    case "empty":
      return <EmptyPageView page={page} downloads={downloads} rClient={rClient} />;
    case "tag":
      return <TagPageView page={page} />;
    case "operation":
      return <OperationPageView page={page} queryBuilder={queryBuilder} codeLanguage={codeLanguage} />;
    case "models":
      return <ModelsPageView page={page} />;
    case "postman":
      return <PostmanCollectionView page={page} />;
    case "responses":
      return <ResponsesPageView page={page} />;
  }
}

/**
 * A written page, with a note when it is shown in another language than the reader's; a sample written in
 * several languages shows as tabs.
 */
function MarkdownPageView({
  page,
  downloads,
  rClient,
  codeLanguage,
}: { page: DocPageOf<"markdown">; codeLanguage: string | null } & WrittenExtras) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
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
      {page.parts.map((part, index) =>
        part.kind === "html" ? (
          <Html key={index} html={part.html} lang={page.contentLanguage} />
        ) : (
          <CodeTabs key={index} id={`code-samples-${index}`} samples={part.samples} chosen={codeLanguage} />
        ),
      )}
      {downloads ? <DownloadsPanel listing={downloads} /> : null}
    </article>
  );
}

/** A page of the set's menu that nobody has written yet. */
function EmptyPageView({ page, downloads, rClient }: { page: DocPageOf<"empty"> } & WrittenExtras) {
  const { t } = useTranslation();
  const language = languageOfPath(useLocation().pathname);
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
}
