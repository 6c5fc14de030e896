import type { MetaDescriptor } from "@remix-run/node";

/** The root's title: a page whose loader failed (a docs page's 404) still needs one (WCAG 2.4.2). */
const portalTitle = "Data API Developer Portal";

/** Page title in the site's format; loaders pass the translated title. */
export function pageMeta(title: string | undefined, siteName: string | undefined): MetaDescriptor[] {
  return [{ title: title && siteName ? `${title} | ${siteName}` : siteName || title || portalTitle }];
}
