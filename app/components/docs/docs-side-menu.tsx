import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { NavigationItem } from "~/modules/docs/navigation";
import { bindDrawer, closeDrawer, revealCurrentEntry } from "~/modules/docs/page-behaviours";
import { maxQueryLength } from "~/modules/docs/search";
import { QuickSearchButton } from "./quick-search";
import { type SiblingSet, VersionSwitcher } from "./version-switcher";
import { isExternalHref, languageOfPath, localizePath, splitLanguagePrefix } from "~/modules/i18n/language";

function MenuLink({ item }: { item: NavigationItem }) {
  const { pathname, search } = useLocation();
  const language = languageOfPath(pathname);
  const label = item.label[language];
  if (item.external || isExternalHref(item.href)) {
    return (
      <a href={item.href} target="_blank" rel="noopener noreferrer" className="docs-menu-link">
        {label} ↗
      </a>
    );
  }
  const href = localizePath(item.href, splitLanguagePrefix(pathname).prefix);
  const [target, query] = href.split("?");
  // On an operation page the operation is the current entry, not its tag.
  const current = query
    ? `${pathname}${search}` === href
    : pathname.replace(/\/$/, "") === target && !(item.icon === "tag" && new URLSearchParams(search).has("path"));
  const method = item.icon && ["get", "post", "put", "patch", "delete"].includes(item.icon) ? item.icon : null;
  return (
    <Link to={href} className="docs-menu-link" aria-current={current ? "page" : undefined}>
      {method ? (
        <>
          <span className={`method method-${method}`}>{method.toUpperCase()}</span>
          <span className="docs-menu-path">{label.slice(label.indexOf(" ") + 1)}</span>
        </>
      ) : (
        label
      )}
    </Link>
  );
}

/** The tag being read lists its operations under its link; the other tags are links to their tag page. */
function MenuItem({ item }: { item: NavigationItem }) {
  const { pathname } = useLocation();
  if (!item.subitems?.length) {
    return (
      <li>
        <MenuLink item={item} />
      </li>
    );
  }
  const subitems = (
    <ul className="docs-menu-list">
      {item.subitems.map((sub) => (
        <MenuItem key={`${sub.href}-${sub.label.en}`} item={sub} />
      ))}
    </ul>
  );
  if (item.icon === "tag") {
    return (
      <li>
        <MenuLink item={item} />
        {subitems}
      </li>
    );
  }
  return (
    <li>
      <details open>
        <summary className="docs-menu-group">{item.label[languageOfPath(pathname)]}</summary>
        {subitems}
      </details>
    </li>
  );
}

/**
 * A GET form to the set's search page; the overview entry of the menu links to the set root. Left out on the search
 * page, whose own box is the one to use.
 */
function SearchBox({ items }: { items: NavigationItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const root = items.find((item) => item.icon === "home")?.href;
  if (!root || splitLanguagePrefix(pathname).path.replace(/\/+$/, "") === `${root}/search`) return null;
  return (
    <Form method="get" action={localizePath(`${root}/search`, splitLanguagePrefix(pathname).prefix)} role="search" className="docs-search">
      <input
        type="search"
        name="q"
        aria-label={t("search.menuLabel")}
        placeholder={t("search.menuPlaceholder")}
        maxLength={maxQueryLength}
      />
      <button type="submit">{t("search.submit")}</button>
      <QuickSearchButton />
    </Form>
  );
}

/**
 * What JavaScript adds to the drawer (page-behaviours.ts): focus moves into it when it opens and back to its
 * toggle when Escape or a navigation closes it, it closes when focus leaves it, and the current entry is scrolled
 * into view.
 */
function useDrawer(drawer: RefObject<HTMLDetailsElement>, aside: RefObject<HTMLElement>) {
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (drawer.current && aside.current) return bindDrawer(drawer.current, aside.current);
  }, [drawer, aside]);

  useEffect(() => {
    const toggle = drawer.current;
    const panel = aside.current;
    if (!toggle || !panel) return;
    if (toggle.open) closeDrawer(toggle);
    revealCurrentEntry(panel);
  }, [drawer, aside, pathname, search]);
}

/**
 * The docs side menu: the set switcher, the search box and plain links in <details> groups. From 992 px it
 * is a column beside the content; below, a drawer opened by a <details> toggle (announced as a button with
 * its expanded state) whose open state CSS reads, so it works without JavaScript.
 */
export function DocsSideMenu({ items, sets }: { items: NavigationItem[]; sets: SiblingSet[] }) {
  const { t } = useTranslation();
  const drawer = useRef<HTMLDetailsElement>(null);
  const aside = useRef<HTMLElement>(null);
  useDrawer(drawer, aside);
  return (
    <>
      <details ref={drawer} className="docs-drawer">
        <summary aria-controls="docs-aside">
          <span className="docs-drawer-label docs-drawer-open">
            <span aria-hidden="true">☰</span> {t("docs.drawer.open")}
          </span>
          <span className="docs-drawer-label docs-drawer-close">
            <span aria-hidden="true">✕</span>
            <span className="visually-hidden">{t("docs.drawer.close")}</span>
          </span>
        </summary>
      </details>
      <aside ref={aside} id="docs-aside" className="docs-aside">
        <VersionSwitcher sets={sets} />
        <SearchBox items={items} />
        <nav className="docs-menu" aria-label={t("docs.menu")}>
          <ul className="docs-menu-list">
            {items.map((item) => (
              <MenuItem key={`${item.href}-${item.label.en}`} item={item} />
            ))}
          </ul>
        </nav>
      </aside>
    </>
  );
}
