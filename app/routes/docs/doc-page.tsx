import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { DocPageView } from "~/components/docs/doc-page-view";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { SandboxRegistrationForm as RegistrationForm } from "~/components/sandbox/sandbox-registration-form";
import { getOptionalUser } from "~/modules/auth/session.server";
import { codeLanguageOfCookies } from "~/modules/content/code-language";
import { pageMeta } from "~/modules/content/page-meta";
import { pageDownloads, resolveDocPage } from "~/modules/docs/doc-page.server";
import { bindCodeTabs, bindCopyButtons, copyLabels } from "~/modules/docs/page-behaviours";
import { keyLookup, operationFormAt, queryBuilderData, sendQuery } from "~/modules/docs/query-builder.server";
import { notFound } from "~/modules/http/responses";
import type { HydrationHandle } from "~/modules/hydration/deferred-hydration";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { languageOfPath, localizePathFor } from "~/modules/i18n/language";
import { docSetPath, findDocSet } from "~/modules/registry/registry";
import { sandboxFormData, sandboxRegistrationAction } from "~/modules/sandbox/registration-form.server";
import { isRegisterTrialPage } from "~/modules/sandbox/sandbox-paths";

/** Only the sandbox's register-trial page holds the form: the other pages leave its code (the form library, zod) alone. */
const SandboxRegistrationForm = import.meta.env.SSR
  ? RegistrationForm
  : lazy(() => import("~/components/sandbox/sandbox-registration-form").then((module) => ({ default: module.SandboxRegistrationForm })));

/** Hydration waits for a reader reaching for the query builder (doc-set-layout.tsx), except beside the sandbox's form, whose captcha runs at once. */
export const handle: HydrationHandle = { deferHydration: (data) => !(data as { sandboxForm?: unknown } | undefined)?.sandboxForm };

/** Every page of a documentation set: the overview (index) and everything below it (splat). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const docSet = findDocSet(params.vendor ?? "", params.set ?? "");
  if (!docSet) throw notFound();
  const url = new URL(request.url);
  const page = (params["*"] ?? "").replace(/\/+$/, "");
  const language = languageOfPath(url.pathname);
  // The key this browser holds for the set, looked up only for an operation page (its samples and builder).
  const heldKey = keyLookup(request, docSet.id);
  const sampleKey = async () => (await heldKey()).key;
  // A signed-out reader's links into the dashboard go through sign-in: the dashboard answers visitors with a 404.
  const dashboardLinks = (await getOptionalUser(request)) ? "direct" : "sign-in-first";
  const resolved = await resolveDocPage(docSet.id, docSetPath(docSet), page, url.searchParams, language, { sampleKey, dashboardLinks });
  if (resolved.kind === "not-found") throw notFound();
  if (resolved.kind === "redirect") throw redirect(localizePathFor(request, resolved.to));
  const t = await getFixedT(request);
  const title = "title" in resolved ? (typeof resolved.title === "string" ? resolved.title : resolved.title[language]) : "";
  // The sandbox's register-trial page holds the registration form after its text.
  const sandboxForm = isRegisterTrialPage(docSet.id, page) ? await sandboxFormData(request) : null;
  const held = resolved.kind === "operation" ? await heldKey() : null;
  const queryBuilder = resolved.kind === "operation" && held ? queryBuilderData(docSet.id, resolved.builder, held, url.searchParams) : null;
  const payload = {
    page: resolved,
    codeLanguage: codeLanguageOfCookies(request.headers.get("Cookie")),
    title,
    siteName: t("meta.siteName"),
    sandboxForm,
    queryBuilder,
    ...(await pageDownloads(docSet.id, page)),
  };
  // A page that carries this browser's key is for this browser only; the register-trial page's captcha challenge
  // is fresh for every reader, so no cache (ours included, page-cache.ts) may keep it either.
  const keptBy = held?.key ? "private, no-store" : sandboxForm ? "no-store" : null;
  return data(payload, keptBy ? { headers: { "Cache-Control": keptBy } } : undefined);
}

/** An operation page sends its query builder's form; the sandbox's register-trial page posts its registration form. */
export async function action({ request, params }: ActionFunctionArgs) {
  const docSet = findDocSet(params.vendor ?? "", params.set ?? "");
  const page = (params["*"] ?? "").replace(/\/+$/, "");
  if (!docSet) throw notFound();
  const operationForm = await operationFormAt(docSet.id, page, new URL(request.url).searchParams);
  if (operationForm) return sendQuery(request, docSet.id, operationForm);
  if (isRegisterTrialPage(docSet.id, page)) return sandboxRegistrationAction(request);
  throw new Response("Method Not Allowed", { status: 405 });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.title, data?.siteName);

/**
 * The action's Cache-Control (its answer repeats the key it was sent) and Retry-After, else the loader's
 * Cache-Control, reach the document (Remix passes on only cookies from a route without this).
 */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const cacheControl = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", cacheControl);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  // The same URL answers markdown to a client that prefers it (llms-http.server.ts).
  headers.append("Vary", "Accept");
  return headers;
};

export default function DocPageRoute() {
  const { page, downloads, rClient, sandboxForm, queryBuilder, codeLanguage } = useLoaderData<typeof loader>();
  useCopyButtons(page);
  useEffect(() => bindCodeTabs(), [page]);
  return (
    <>
      <DocPageView page={page} downloads={downloads} rClient={rClient} queryBuilder={queryBuilder} codeLanguage={codeLanguage} />
      {sandboxForm ? (
        <Suspense>
          <SandboxRegistrationForm form={sandboxForm} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Copy buttons of code blocks (hidden without JavaScript), labelled in the page's language. */
function useCopyButtons(page: unknown) {
  const { t } = useTranslation();
  useEffect(() => bindCopyButtons(copyLabels(t)), [t, page]);
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
