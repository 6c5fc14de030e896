import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";

export interface SiblingSet {
  id: string;
  href: string;
  current: boolean;
}

/**
 * Lists the documentation sets of the same vendor; a <details> menu, so it opens without JavaScript.
 * With JavaScript it closes on Escape, on a click outside and when focus leaves it.
 */
export function VersionSwitcher({ sets }: { sets: SiblingSet[] }) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const element = menu.current;
    if (!element) return;
    const close = () => {
      element.open = false;
    };
    // On the switcher itself, so it runs before the docs drawer's listener, which leaves a handled Escape alone.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && element.open) {
        event.preventDefault();
        close();
        element.querySelector("summary")?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Node && !element.contains(event.target)) close();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node) || !element.contains(event.relatedTarget)) close();
    };
    element.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    element.addEventListener("focusout", onFocusOut);
    return () => {
      element.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
      element.removeEventListener("focusout", onFocusOut);
    };
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
