import { Container, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SearchForm, SearchResults } from "~/components/docs/docs-search";
import { QuickSearch } from "~/components/docs/quick-search";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { AppLink } from "~/components/layout/app-link";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { searchPage } from "~/modules/docs/search.server";
import { languageOfPath } from "~/modules/i18n/language";
import { isDocSetId } from "~/modules/registry/registry";

/** /search?q=&set=&page=: every documentation set, or the one `set` names (an unknown set means all). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("set");
  const set = isDocSetId(requested) ? requested : null;
  const found = await searchPage(url.searchParams, languageOfPath(url.pathname), set ? [set] : undefined);
  return { ...found, set, ...(await pageTitle(request, "search.title")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function SearchPage() {
  const { set, q, page, pages, total, results } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="md">
        {t("search.title")}
      </Title>
      <SearchForm action="/search" query={q} setFilter={{ selected: set }} />
      {/* The shortcut's dialog answers as one types; the form above serves without JavaScript. */}
      <QuickSearch searchPage="/search" />
      <SearchResults
        q={q}
        page={page}
        pages={pages}
        total={total}
        results={results}
        showSet
        keep={set ? { set } : undefined}
        prompt={t("search.prompt")}
        emptyAction={set ? <AppLink to={`/search?${new URLSearchParams({ q })}`}>{t("search.everywhere")}</AppLink> : null}
      />
    </Container>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
