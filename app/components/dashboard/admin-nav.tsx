import { Group } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/layout/app-link";
import type { MenuLink } from "~/modules/dashboard/menu";
import { splitLanguagePrefix } from "~/modules/i18n/language";

/** The admin panel's sections as a row of links; the section the page is in is marked as current. */
export function AdminNav({ links }: { links: MenuLink[] }) {
  const { t } = useTranslation();
  const path = splitLanguagePrefix(useLocation().pathname).path;
  const current = (to: string) => path === to || path.startsWith(`${to}/`);
  return (
    <nav aria-label={t("admin.navLabel")} className="admin-nav">
      <Group gap={4} component="ul" wrap="wrap">
        {links.map((link) => (
          <li key={link.to}>
            <AppLink to={link.to} className="admin-nav-link" aria-current={current(link.to) ? "page" : undefined}>
              {t(link.label)}
            </AppLink>
          </li>
        ))}
      </Group>
    </nav>
  );
}
