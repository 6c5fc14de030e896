import type { MetaDescriptor } from "@remix-run/node";

/** Page title in the site's format; loaders pass the translated title. */
export function pageMeta(title: string | undefined, siteName: string | undefined): MetaDescriptor[] {
  return [{ title: title && siteName ? `${title} | ${siteName}` : (siteName ?? title ?? "") }];
}
