import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { DocPageView } from "~/components/docs/doc-page-view";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { pageMeta } from "~/modules/content/page-meta";
import { pageDownloads, resolveDocPage } from "~/modules/docs/doc-page.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { languageOfPath, localizePathFor } from "~/modules/i18n/language";
import { docSetPath, findDocSet } from "~/modules/registry/registry";

/** Every page of a documentation set: the overview (index) and everything below it (splat). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const docSet = findDocSet(params.vendor ?? "", params.set ?? "");
  if (!docSet) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const page = (params["*"] ?? "").replace(/\/+$/, "");
  const language = languageOfPath(url.pathname);
  const resolved = await resolveDocPage(docSet.id, docSetPath(docSet), page, url.searchParams, language);
  if (resolved.kind === "not-found") throw new Response("Not Found", { status: 404 });
  if (resolved.kind === "redirect") throw redirect(localizePathFor(request, resolved.to));
  const t = await getFixedT(request);
  const title = "title" in resolved ? (typeof resolved.title === "string" ? resolved.title : resolved.title[language]) : "";
  return { page: resolved, title, siteName: t("meta.siteName"), ...(await pageDownloads(docSet.id, page)) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

export default function DocPageRoute() {
  const { page, downloads, rClient } = useLoaderData<typeof loader>();
  useCopyButtons(page);
  return <DocPageView page={page} downloads={downloads} rClient={rClient} />;
}

/** Copy buttons of code blocks (hidden without JavaScript), labelled in the page's language. */
function useCopyButtons(page: unknown) {
  const { t } = useTranslation();
  useEffect(() => {
    const label = t("tokens.copy");
    for (const button of document.querySelectorAll(".copy-code")) {
      button.textContent = label;
      button.setAttribute("aria-label", t("docs.copyCode"));
    }
    function onClick(event: MouseEvent) {
      const button = event.target instanceof Element ? event.target.closest(".copy-code") : null;
      const code = button?.parentElement?.querySelector("pre")?.textContent;
      if (!button || code === undefined) return;
      void navigator.clipboard.writeText(code).then(() => {
        button.textContent = t("tokens.copied");
        setTimeout(() => (button.textContent = label), 1500);
      });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [t, page]);
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
