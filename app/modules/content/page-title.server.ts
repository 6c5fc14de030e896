import { getFixedT } from "~/modules/i18n/i18n.server";

/** The translated page title and site name that `pageMeta` turns into the document title. */
export async function pageTitle(request: Request, key: string): Promise<{ title: string; siteName: string }> {
  const t = await getFixedT(request);
  return { title: t(key), siteName: t("meta.siteName") };
}
