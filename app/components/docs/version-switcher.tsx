import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import { bindVersionSwitcher } from "~/modules/docs/page-behaviours";

export interface SiblingSet {
  id: string;
  href: string;
  current: boolean;
}

/**
 * Lists the documentation sets of the same vendor; a <details> menu, so it opens without JavaScript.
 * With JavaScript it closes on Escape, on a click outside and when focus leaves it (page-behaviours.ts).
 */
export function VersionSwitcher({ sets }: { sets: SiblingSet[] }) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (menu.current) return bindVersionSwitcher(menu.current);
  }, []);

  const current = sets.find((set) => set.current);
  const currentName = current ? t(`products.docSetNames.${current.id}`) : null;
  return (
    <details ref={menu} className="version-switcher" data-testid="version-switcher">
      {/* The visible name starts the accessible one (WCAG 2.5.3), which also says what the menu holds. */}
      <summary aria-label={currentName ? `${currentName}, ${t("docs.versions")}` : undefined}>{currentName ?? t("docs.versions")}</summary>
      <ul>
        {sets.map((set) => (
          <li key={set.id}>
            <AppLink to={set.href} aria-current={set.current ? "page" : undefined}>
              {t(`products.docSetNames.${set.id}`)}
              {set.current ? ` (${t("docs.current")})` : ""}
            </AppLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
