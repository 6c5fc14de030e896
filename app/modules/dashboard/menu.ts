import type { Subscriptions } from "~/modules/auth/users.server";
import { safeRedirect } from "~/modules/http/safe-redirect";
import { splitLanguagePrefix } from "~/modules/i18n/language";

export type MenuIcon = "back" | "profile" | "key" | "feeds" | "dumps" | "datasets" | "admin" | "home";

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
  admin: MenuLink | null;
}

interface MenuUser {
  subscriptions: Subscriptions;
  isAdmin: boolean;
}

/** The side menu of SPEC.md section 2: back, profile, token management, subscription groups, admin. */
export function buildDashboardMenu(user: MenuUser, backTo: string): DashboardMenu {
  const groups: MenuGroup[] = [];
  if (user.subscriptions.macroeconomic) {
    groups.push({
      label: "dashboard.groups.macroeconomic",
      links: [
        { to: "/dashboard/econ/feeds", label: "dashboard.feeds", icon: "feeds" },
        { to: "/dashboard/econ/dumps", label: "dashboard.dumps", icon: "dumps" },
      ],
    });
  }
  if (user.subscriptions.company) {
    groups.push({
      label: "dashboard.groups.company",
      links: [
        { to: "/dashboard/corp/feeds", label: "dashboard.feeds", icon: "feeds" },
        { to: "/dashboard/corp/dumps", label: "dashboard.dumps", icon: "dumps" },
        { to: "/dashboard/corp/predefined-datasets", label: "dashboard.predefinedDatasets", icon: "datasets" },
      ],
    });
  }
  if (user.subscriptions.documents) {
    groups.push({
      label: "dashboard.groups.documents",
      links: [{ to: "/dashboard/documents/feeds", label: "dashboard.feeds", icon: "feeds" }],
    });
  }
  return {
    main: [
      { to: backTo, label: "dashboard.back", icon: "back" },
      { to: "/dashboard", label: "dashboard.overview", icon: "home" },
      { to: "/dashboard/profile", label: "dashboard.profile", icon: "profile" },
      { to: "/dashboard/token-management", label: "dashboard.tokenManagement", icon: "key" },
    ],
    groups,
    admin: user.isAdmin ? { to: "/dashboard/admin/dashboard", label: "dashboard.admin", icon: "admin" } : null,
  };
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
