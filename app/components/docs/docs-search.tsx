import { Badge, Button, Group, NativeSelect, Text, TextInput } from "@mantine/core";
import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AppLink, useLocalizePath } from "~/components/layout/app-link";
import { docLabel } from "~/modules/docs/doc-labels";
import { maxQueryLength, type SearchCopy, type SearchResult, type SnippetSegment } from "~/modules/docs/search";
import { docSets, type DocSetId } from "~/modules/registry/registry";

interface SearchFormProps {
  /** The search page, without the language prefix */
  action: string;
  query: string;
  /** Offer the set filter (site-wide search) with this set chosen; leave out within one set */
  setFilter?: { selected: DocSetId | null };
}

/** A GET form, so searching and sharing a result page work without JavaScript. */
export function SearchForm({ action, query, setFilter }: SearchFormProps) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <Form method="get" action={localize(action)} role="search" className="search-form" key={`${query}-${setFilter?.selected ?? ""}`}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="search"
          name="q"
          label={t("search.label")}
          placeholder={t("search.placeholder")}
          defaultValue={query}
          maxLength={maxQueryLength}
          className="search-input"
        />
        {setFilter ? (
          <NativeSelect
            name="set"
            label={t("search.setFilter")}
            defaultValue={setFilter.selected ?? ""}
            data={[
              { value: "", label: t("search.allSets") },
              ...docSets.map((set) => ({ value: set.id, label: t(`products.docSetNames.${set.id}`) })),
            ]}
          />
        ) : null}
        <Button type="submit">{t("search.submit")}</Button>
      </Group>
    </Form>
  );
}

function Snippet({ segments }: { segments: SnippetSegment[] }) {
  return (
    <p className="search-result-snippet">
      {segments.map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>,
      )}
    </p>
  );
}

/** A guide's language copies as chips, each a link to its copy. */
function Copies({ copies, title }: { copies: SearchCopy[]; title: string }) {
  const { t } = useTranslation();
  return (
    <ul className="search-copies" aria-label={t("search.copies", { title })}>
      {copies.map((copy) => (
        <li key={copy.language}>
          <AppLink to={copy.href} className="search-copy">
            {docLabel(copy.language).en}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

export interface SearchResultsProps {
  q: string;
  page: number;
  pages: number;
  total: number;
  results: SearchResult[];
  /** Site-wide search names each result's set; within a set it is implied */
  showSet: boolean;
  /** Query parameters the pagination links keep besides q and page */
  keep?: Record<string, string>;
  /** Shown under an empty result, e.g. a link to search everywhere */
  emptyAction?: ReactNode;
  prompt: string;
}

/** The prompt without a query, the honest empty state, or the results with previous/next links. */
export function SearchResults({ q, page, pages, total, results, showSet, keep, emptyAction, prompt }: SearchResultsProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!q) return <Text mt="lg">{prompt}</Text>;
  if (total === 0) {
    return (
      <div className="search-empty">
        <Text mt="lg" fw={600}>
          {t("search.noResults", { query: q })}
        </Text>
        <Text>{t("search.noResultsHint")}</Text>
        {emptyAction}
      </div>
    );
  }
  const pageHref = (target: number) =>
    `${pathname}?${new URLSearchParams({ q, ...keep, ...(target > 1 ? { page: String(target) } : {}) })}`;
  return (
    <>
      <Text mt="lg" data-testid="search-total">
        {t("search.total", { count: total, query: q })}
      </Text>
      {results.length === 0 ? (
        <Text mt="sm">{t("search.pageEmpty")}</Text>
      ) : (
        <ol className="search-results" aria-label={t("search.results")}>
          {results.map((result) => (
            <li key={result.href} className="search-result">
              <AppLink to={result.href} className="search-result-title">
                {result.title}
              </AppLink>
              <Group gap={6} mt={4}>
                <Badge variant="light" size="sm">
                  {t(`search.kinds.${result.kind}`)}
                </Badge>
                {result.copies ? null : (
                  <Badge variant="outline" size="sm" color="gray">
                    {result.section}
                  </Badge>
                )}
                {showSet ? (
                  <Badge variant="outline" size="sm">
                    {t(`products.docSetNames.${result.set}`)}
                  </Badge>
                ) : null}
                {result.copies ? <Copies copies={result.copies} title={result.title} /> : null}
              </Group>
              <Snippet segments={result.snippet} />
            </li>
          ))}
        </ol>
      )}
      {pages > 1 || page > 1 ? (
        <nav aria-label={t("search.pagination")} className="search-pagination">
          {page > 1 ? (
            <Link to={pageHref(Math.min(page - 1, pages))} rel="prev">
              ← {t("search.previous")}
            </Link>
          ) : null}
          <span>{t("search.pageOf", { page, pages })}</span>
          {page < pages ? (
            <Link to={pageHref(page + 1)} rel="next">
              {t("search.next")} →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
