import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "@remix-run/react";
import { useLocalizePath } from "~/components/layout/app-link";
import { docLabel } from "~/modules/docs/doc-labels";
import { codeLanguages } from "~/modules/docs/doc-pages";
import { bindQuickSearchShortcut, QUICK_SEARCH_ID, type QuickSearchLabels } from "~/modules/docs/quick-search";
import quickSearchScript from "~/modules/docs/quick-search.browser?worker&url";
import { languageOfPath } from "~/modules/i18n/language";
import { docSets, type DocSetId } from "~/modules/registry/registry";

/**
 * What the quick search needs on a docs page, on a hidden element: the dialog's script (loaded on first use),
 * the search API and page of the set (without a set, of every set) and the labels in the page's language. Once
 * React runs, its effect listens for the shortcut; before, the docs page's own script does (docs-page.browser.ts).
 */
export function QuickSearch({ set, searchPage }: { set?: DocSetId; searchPage: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const localize = useLocalizePath();
  const language = languageOfPath(pathname);
  useEffect(() => bindQuickSearchShortcut(), []);
  const template = { replace: { count: "{{count}}", query: "{{query}}" } };
  const labels: QuickSearchLabels = {
    title: t("search.quickTitle"),
    label: set ? t("search.menuLabel") : t("search.title"),
    results: t("search.results"),
    close: t("search.quickClose"),
    hint: t("search.quickHint"),
    searching: t("search.quickSearching"),
    totalOne: t("search.total_one", template),
    totalOther: t("search.total_other", template),
    noResults: t("search.noResults", template),
    all: t("search.quickAll", template),
    kinds: Object.fromEntries((["page", "tag", "operation", "model"] as const).map((kind) => [kind, t(`search.kinds.${kind}`)])),
    languages: Object.fromEntries(codeLanguages.map((code) => [code, docLabel(code)[language]])),
    // Results from every set say which one they come from.
    sets: set ? {} : Object.fromEntries(docSets.map(({ id }) => [id, t(`products.docSetNames.${id}`)])),
  };
  return (
    <div
      id={QUICK_SEARCH_ID}
      hidden
      data-script={quickSearchScript}
      data-api={`/api/search?${new URLSearchParams({ ...(set ? { set } : {}), lang: language })}`}
      data-page={localize(searchPage)}
      data-labels={JSON.stringify(labels)}
    />
  );
}

/** Opens the quick search (quick-search.ts); shown with JavaScript only (app.css), since only then is there one. */
export function QuickSearchButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={["quick-search-open", className].filter(Boolean).join(" ")} aria-keyshortcuts="/ Control+K Meta+K">
      {t("search.quickTitle")} <kbd>/</kbd>
    </button>
  );
}
