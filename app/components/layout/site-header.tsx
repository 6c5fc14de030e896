import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { languageOfPath, languages, switchLanguagePath } from "~/modules/i18n/language";
import type { ThemeName } from "~/modules/registry/registry";
import { AppLink } from "./app-link";

const navItems = [
  { to: "/api-products", label: "nav.apiProducts" },
  { to: "/contact", label: "nav.contact" },
] as const;

function NavLinks() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ul className="nav-list">
      {navItems.map((item) => {
        const current = pathname.replace(/^\/(en|zh)(?=\/|$)/, "").startsWith(item.to);
        return (
          <li key={item.to}>
            <AppLink to={item.to} className="nav-link" aria-current={current ? "page" : undefined}>
              {t(item.label)}
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}

/** Links to the same page in every language; plain links, so switching works without JavaScript. */
function LanguageSwitcher() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const current = languageOfPath(pathname);
  return (
    <nav aria-label={t("nav.language")} className="language-switcher">
      {languages.map((language) => (
        <a
          key={language}
          href={switchLanguagePath(pathname, search, language)}
          hrefLang={language}
          lang={language}
          aria-current={language === current ? "true" : undefined}
          className="language-link"
        >
          {t(`nav.languageNames.${language}`)}
        </a>
      ))}
    </nav>
  );
}

export function SiteHeader({ theme }: { theme: ThemeName }) {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <AppLink to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          <span className="brand-text">
            <span className="brand-name">{t("meta.siteName")}</span>
            <span className="brand-theme">{t(`themes.${theme}`)}</span>
          </span>
        </AppLink>
        <nav aria-label={t("nav.mainNavigation")} className="nav-desktop">
          <NavLinks />
        </nav>
        <LanguageSwitcher />
        <details className="nav-mobile">
          <summary aria-label={t("nav.openMenu")}>☰</summary>
          <nav aria-label={t("nav.mainNavigation")}>
            <NavLinks />
          </nav>
        </details>
      </div>
    </header>
  );
}
