import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { NavigationItem } from "~/modules/docs/navigation";
import { maxQueryLength } from "~/modules/docs/search";
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
  const current = query ? `${pathname}${search}` === href : pathname.replace(/\/$/, "") === target;
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

function MenuItem({ item, depth }: { item: NavigationItem; depth: number }) {
  const { pathname } = useLocation();
  const { prefix } = splitLanguagePrefix(pathname);
  if (!item.subitems?.length) {
    return (
      <li>
        <MenuLink item={item} />
      </li>
    );
  }
  const inside = item.subitems.some((sub) => pathname.startsWith(localizePath(sub.href.split("?")[0]!, prefix)));
  return (
    <li>
      <details open={inside || depth === 0}>
        <summary className="docs-menu-group">{item.label[languageOfPath(pathname)]}</summary>
        <ul className="docs-menu-list">
          {item.subitems.map((sub) => (
            <MenuItem key={`${sub.href}-${sub.label.en}`} item={sub} depth={depth + 1} />
          ))}
        </ul>
      </details>
    </li>
  );
}

/** A GET form to the set's search page; the overview entry of the menu links to the set root. */
function SearchBox({ items }: { items: NavigationItem[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const root = items.find((item) => item.icon === "home")?.href;
  if (!root) return null;
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
    </Form>
  );
}

/** The docs side menu: plain links and <details> groups, so it works without JavaScript. */
export function DocsSideMenu({ items }: { items: NavigationItem[] }) {
  const { t } = useTranslation();
  return (
    <>
      <SearchBox items={items} />
      <nav className="docs-menu" aria-label={t("docs.menu")}>
        <ul className="docs-menu-list">
          {items.map((item) => (
            <MenuItem key={`${item.href}-${item.label.en}`} item={item} depth={0} />
          ))}
        </ul>
      </nav>
    </>
  );
}
