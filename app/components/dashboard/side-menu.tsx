import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { localizePath, splitLanguagePrefix } from "~/modules/i18n/language";
import type { DashboardMenu, MenuGroup, MenuLink } from "~/modules/dashboard/menu";
import { MenuIcon } from "./menu-icon";

/** Collapsed to icons, the label stays the link's name and shows as a tooltip on hover and keyboard focus (CSS). */
function MenuEntry({ link, end = false }: { link: MenuLink; end?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <li>
      <NavLink to={localizePath(link.to, splitLanguagePrefix(pathname).prefix)} end={end} className="side-menu-link">
        <MenuIcon name={link.icon} />
        <span className="side-menu-label">{t(link.label)}</span>
      </NavLink>
    </li>
  );
}

function MenuGroupList({ group, className }: { group: MenuGroup; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className ? `side-menu-group ${className}` : "side-menu-group"}>
      <p className="side-menu-group-label">{t(group.label)}</p>
      <ul className="side-menu-list">
        {group.links.map((link) => (
          <MenuEntry key={link.to} link={link} />
        ))}
      </ul>
    </div>
  );
}

/**
 * The dashboard side menu, the admin panel's navigation too. A real checkbox toggles it, so it works without
 * JavaScript: on desktop it collapses the 400 px menu to 50 px of icons, below 965 px it opens the menu as an
 * overlay (and CSS locks page scrolling while it is open). With JavaScript, Escape and navigation close the overlay.
 */
export function SideMenu({ menu }: { menu: DashboardMenu }) {
  const { t } = useTranslation();
  const toggle = useRef<HTMLInputElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (toggle.current && window.matchMedia("(max-width: 964px)").matches) toggle.current.checked = false;
  }, [location.pathname]);

  useEffect(() => {
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key === "Escape" && toggle.current && window.matchMedia("(max-width: 964px)").matches) {
        toggle.current.checked = false;
      }
    }
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, []);

  const [back, ...main] = menu.main;
  return (
    <>
      <input
        ref={toggle}
        id="dashboard-menu-toggle"
        type="checkbox"
        className="side-menu-toggle"
        aria-label={t("dashboard.toggleMenu")}
        aria-controls="dashboard-menu"
      />
      <nav id="dashboard-menu" className="side-menu" aria-label={t("dashboard.menu")}>
        <ul className="side-menu-list">
          {back ? <MenuEntry link={back} /> : null}
          {main.map((link) => (
            <MenuEntry key={link.to} link={link} end={link.to === "/dashboard"} />
          ))}
        </ul>
        {menu.groups.length > 0 ? (
          <>
            <p className="side-menu-heading">{t("dashboard.subscriptionGroups")}</p>
            {menu.groups.map((group) => (
              <MenuGroupList key={group.label} group={group} />
            ))}
          </>
        ) : null}
        {menu.admin ? <MenuGroupList group={menu.admin} className="side-menu-admin" /> : null}
      </nav>
    </>
  );
}
