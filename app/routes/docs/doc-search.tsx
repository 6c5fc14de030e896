import { Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SearchForm, SearchResults } from "~/components/docs/docs-search";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { AppLink } from "~/components/layout/app-link";
import { pageMeta } from "~/modules/content/page-meta";
import { pageTitle } from "~/modules/content/page-title.server";
import { searchPage } from "~/modules/docs/search.server";
import { notFound } from "~/modules/http/responses";
import { languageOfPath } from "~/modules/i18n/language";
import { docSetPath, findDocSet } from "~/modules/registry/registry";

/** /docs/{vendor}/{set}/search?q=&page=: search within one documentation set, inside its side menu. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const docSet = findDocSet(params.vendor ?? "", params.set ?? "");
  if (!docSet) throw notFound();
  const url = new URL(request.url);
  const found = await searchPage(url.searchParams, languageOfPath(url.pathname), [docSet.id]);
  return { ...found, set: docSet.id, action: `${docSetPath(docSet)}/search`, ...(await pageTitle(request, "search.title")) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function DocSearchPage() {
  const { set, action, q, page, pages, total, results } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <article>
      <Title order={1} mb="md">
        {t("search.setTitle", { set: t(`products.docSetNames.${set}`) })}
      </Title>
      <SearchForm action={action} query={q} />
      <SearchResults
        q={q}
        page={page}
        pages={pages}
        total={total}
        results={results}
        showSet={false}
        prompt={t("search.setPrompt")}
        emptyAction={<AppLink to={`/search?${new URLSearchParams({ q })}`}>{t("search.everywhere")}</AppLink>}
      />
    </article>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
