import type { Subscriptions } from "~/modules/auth/users.server";
import { splitLanguagePrefix } from "~/modules/i18n/language";
import { safeRedirect } from "~/modules/url/safe-redirect";
import { dashboardAreas, type DashboardArea, type MenuIcon } from "./screens";

export type { MenuIcon };

export interface MenuLink {
  to: string;
  label: string;
  icon: MenuIcon;
}

export interface MenuGroup {
  label: string;
  links: MenuLink[];
}

export interface DashboardMenu {
  main: MenuLink[];
  groups: MenuGroup[];
  /** The admin panel's screens: the side menu is the panel's one navigation. */
  admin: MenuGroup | null;
}

interface MenuUser {
  subscriptions: Subscriptions;
  isAdmin: boolean;
  hasTokenDecoder: boolean;
}

/** A product's area is listed for its subscribers (admins may enter every area, but the menu shows what they bought); an admin area for admins. */
function isListedFor(area: DashboardArea, user: MenuUser): boolean {
  return area.access === "admins" ? user.isAdmin : user.subscriptions[area.access.product];
}

function menuLinks(area: DashboardArea): MenuLink[] {
  return area.screens.flatMap((screen) => (screen.menu ? [{ to: `/dashboard/${area.segment}/${screen.path}`, ...screen.menu }] : []));
}

/**
 * The side menu of SPEC.md section 2: back, profile, token management, then a group per product area the user
 * subscribes to and the admin panel's screens, all from the registry the routes are built from (screens.ts).
 */
export function buildDashboardMenu(user: MenuUser, backTo: string): DashboardMenu {
  const areas = dashboardAreas.filter((area) => isListedFor(area, user));
  const groups = areas.filter((area) => area.access !== "admins").map((area) => ({ label: area.label, links: menuLinks(area) }));
  const adminLinks = adminNavigation(user);
  return {
    main: [
      { to: backTo, label: "dashboard.back", icon: "back" },
      { to: "/dashboard", label: "dashboard.overview", icon: "home" },
      { to: "/dashboard/profile", label: "dashboard.profile", icon: "profile" },
      { to: "/dashboard/token-management", label: "dashboard.tokenManagement", icon: "key" },
      { to: "/dashboard/webhooks", label: "webhooks.menu", icon: "feeds" },
      { to: "/dashboard/usage", label: "usagePage.menu", icon: "usage" },
    ],
    groups,
    admin: adminLinks.length > 0 ? { label: "dashboard.groups.admin", links: adminLinks } : null,
  };
}

/** The admin panel's screens: its listed screens, without those that need a permission the admin lacks. */
function adminNavigation(user: MenuUser): MenuLink[] {
  const adminArea = dashboardAreas.find((area) => area.access === "admins");
  if (!adminArea || !user.isAdmin) return [];
  return menuLinks({
    ...adminArea,
    screens: adminArea.screens.filter((screen) => screen.requires !== "tokenDecoder" || user.hasTokenDecoder),
  });
}

/** Back goes to the page visited before, or home if that was a dashboard page or another site. */
export function backTarget(referer: string | null, origin: string): string {
  if (!referer) return "/";
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return "/";
  }
  if (url.origin !== origin) return "/";
  if (/^\/dashboard(\/|$)/.test(splitLanguagePrefix(url.pathname).path)) return "/";
  return safeRedirect(`${url.pathname}${url.search}`, "/");
}
