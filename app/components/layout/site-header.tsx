import { Avatar } from "@mantine/core";
import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { languageOfPath, languages, localizePath, splitLanguagePrefix, switchLanguagePath } from "~/modules/i18n/language";
import type { ThemeName } from "~/modules/registry/registry";
import { AppLink } from "./app-link";

const navItems = [
  { to: "/api-products", label: "nav.apiProducts" },
  { to: "/docs", label: "nav.documentation" },
  { to: "/search", label: "nav.search" },
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

export interface HeaderAccount {
  name: string;
  hasPicture: boolean;
}

/** Signed in: picture, name (to the dashboard) and sign out; otherwise the sign-in link. */
function AccountArea({ account }: { account: HeaderAccount | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!account) {
    return (
      <AppLink to="/login" className="nav-link account-link">
        {t("auth.loginTitle")}
      </AppLink>
    );
  }
  return (
    <div className="account">
      <AppLink to="/dashboard" className="account-link" data-testid="account-name">
        <Avatar src={account.hasPicture ? "/api/auth/profile-picture" : null} alt="" size={32} radius="xl" color="gray">
          {account.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <span className="account-name">{account.name}</span>
      </AppLink>
      <Form method="post" action={localizePath("/logout", splitLanguagePrefix(pathname).prefix)}>
        <button type="submit" className="logout-button">
          {t("auth.logout")}
        </button>
      </Form>
    </div>
  );
}

export function SiteHeader({ theme, account }: { theme: ThemeName; account: HeaderAccount | null }) {
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
        <AccountArea account={account} />
        <details className="nav-mobile">
          <summary aria-label={t("nav.openMenu")}>☰</summary>
          {/* Its own name: two navigation landmarks of one name on a page cannot be told apart. */}
          <nav aria-label={t("nav.menuNavigation")}>
            <NavLinks />
          </nav>
        </details>
      </div>
    </header>
  );
}
