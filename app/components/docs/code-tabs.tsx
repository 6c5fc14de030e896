import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { codeLanguageNames, isCodeLanguage, shownLanguage } from "~/modules/content/code-language";
import { Html } from "./doc-page-parts";

export interface CodeSample {
  language: string;
  html: string;
}

const nameOf = (language: string) => (isCodeLanguage(language) ? codeLanguageNames[language] : language);

/**
 * The same code in several languages, one shown at a time. Each tab is a button of a form that keeps the choice
 * in a cookie and returns to these tabs, so it works without JavaScript; with it, the docs page's script switches
 * every group of the page in place and writes the cookie itself (page-behaviours.ts bindCodeTabs).
 */
export function CodeTabs({ id, samples, chosen }: { id: string; samples: CodeSample[]; chosen: string | null }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const shown = shownLanguage(
    samples.map((sample) => sample.language),
    chosen,
  );
  return (
    <div className="code-tabs" id={id}>
      <form method="post" action="/docs/code-language" className="code-tab-list">
        <input type="hidden" name="back" value={`${pathname}${search}#${id}`} />
        <div role="group" aria-label={t("docs.codeLanguage")}>
          {samples.map((sample) => (
            <button
              key={sample.language}
              type="submit"
              name="language"
              value={sample.language}
              className="code-tab"
              aria-pressed={sample.language === shown}
            >
              {nameOf(sample.language)}
            </button>
          ))}
        </div>
      </form>
      {samples.map((sample) => (
        <div
          key={sample.language}
          className="code-panel"
          data-code-language={sample.language}
          data-testid={`sample-${sample.language}`}
          hidden={sample.language !== shown}
        >
          <Html html={sample.html} />
        </div>
      ))}
    </div>
  );
}
