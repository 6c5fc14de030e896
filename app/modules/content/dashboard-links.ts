import { splitLanguagePrefix } from "~/modules/i18n/language";

/** How a written page links into the dashboard: straight there, or through sign-in for a reader who is signed out. */
export type DashboardLinks = "direct" | "sign-in-first";

/**
 * A link into the dashboard, for a reader who is signed out, becomes the sign-in page returning there: the
 * dashboard itself answers a visitor with the 404 page (SPEC.md section 8). Other links stay as they are.
 */
export function dashboardLink(href: string, links: DashboardLinks): string {
  const { prefix, path } = splitLanguagePrefix(href);
  if (links === "direct" || !/^\/dashboard(?:[/?#]|$)/.test(path)) return href;
  return `${prefix ? `/${prefix}` : ""}/login?redirectTo=${encodeURIComponent(path)}`;
}
