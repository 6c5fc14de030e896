import { Avatar } from "@mantine/core";
import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { bindHeaderMenu } from "~/modules/docs/page-behaviours";
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

/**
 * Links to the same page in every language; plain links, so switching works without JavaScript. In the bar a
 * navigation landmark; inside the ☰ menu, which is one landmark itself, a labelled group.
 */
function LanguageSwitcher({ inMenu = false }: { inMenu?: boolean }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const current = languageOfPath(pathname);
  const Container = inMenu ? "div" : "nav";
  return (
    <Container aria-label={t("nav.language")} role={inMenu ? "group" : undefined} className="language-switcher">
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
    </Container>
  );
}

export interface HeaderAccount {
  name: string;
  hasPicture: boolean;
}

/** Signed in: picture, name (to the dashboard) and sign out; otherwise the sign-in link. The menu's copy has no test id. */
function AccountArea({ account, inMenu = false }: { account: HeaderAccount | null; inMenu?: boolean }) {
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
      <AppLink to="/dashboard" className="account-link" data-testid={inMenu ? undefined : "account-name"}>
        {/* The brand colour on white, as the current language: the grey light variant was dark on dark. */}
        <Avatar src={account.hasPicture ? "/api/auth/profile-picture" : null} alt="" size={32} radius="xl" variant="white">
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

/**
 * The site header. From 992 px the bar holds the navigation, the languages and the account; below, only the brand
 * and the ☰ <details> menu, which holds all three (no JavaScript needed to open it). With JavaScript the focus
 * moves into the menu when it opens, Tab cycles inside it, and it closes on Escape, on a click outside and on
 * navigation (bindHeaderMenu).
 */
export function SiteHeader({ theme, account }: { theme: ThemeName; account: HeaderAccount | null }) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (menu.current) return bindHeaderMenu(menu.current);
  }, []);
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  return (
    <header className="site-header">
      <div className="site-header-inner">
        <AppLink to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          <span className="brand-text">
            <span className="brand-name">{t("meta.siteName")}</span>
            {/* The default theme's name repeats the site's name: only a product's theme is said. */}
            {theme === "default" ? null : <span className="brand-theme">{t(`themes.${theme}`)}</span>}
          </span>
        </AppLink>
        <nav aria-label={t("nav.mainNavigation")} className="nav-desktop">
          <NavLinks />
        </nav>
        <div className="header-tools">
          <LanguageSwitcher />
          <AccountArea account={account} />
        </div>
        <details ref={menu} className="nav-mobile">
          {/* The name says what a press does: CSS shows one of the two labels, so it holds without JavaScript too. */}
          <summary aria-controls="site-menu">
            <span className="nav-mobile-open">
              <span aria-hidden="true">☰</span>
              <span className="visually-hidden">{t("nav.openMenu")}</span>
            </span>
            <span className="nav-mobile-close">
              <span aria-hidden="true">✕</span>
              <span className="visually-hidden">{t("nav.closeMenu")}</span>
            </span>
          </summary>
          <nav id="site-menu" aria-label={t("nav.siteMenu")} className="nav-mobile-panel">
            <NavLinks />
            <LanguageSwitcher inMenu />
            <AccountArea account={account} inMenu />
          </nav>
        </details>
      </div>
    </header>
  );
}
