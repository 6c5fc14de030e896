import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { DocsSideMenu } from "~/components/docs/docs-side-menu";
import { QuickSearch } from "~/components/docs/quick-search";
import { GeneralErrorBoundary } from "~/components/errors/general-error-boundary";
import { navigationForPage } from "~/modules/docs/navigation";
import { getDocSetData, SpecUnavailableError } from "~/modules/docs/routing-data.server";
import { notFound } from "~/modules/http/responses";
import type { HydrationHandle } from "~/modules/hydration/deferred-hydration";
import { splitLanguagePrefix } from "~/modules/i18n/language";
import { docSetPath, findDocSet, siblingDocSets } from "~/modules/registry/registry";

/**
 * A set's pages read, navigate, search and copy without React: it loads when a reader reaches for an island (the
 * query builder), and until then the page runs a few KiB of script instead of React and Remix (issue 16).
 */
export const handle: HydrationHandle = { deferHydration: true };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const docSet = findDocSet(params.vendor ?? "", params.set ?? "");
  if (!docSet) throw notFound();
  try {
    const { routing } = await getDocSetData(docSet.id);
    return {
      set: docSet.id,
      searchPage: `${docSetPath(docSet)}/search`,
      navigation: navigationForPage(routing.navigationItems, splitLanguagePrefix(new URL(request.url).pathname).path.replace(/\/+$/, "")),
      siblings: siblingDocSets(docSet).map((sibling) => ({ id: sibling.id, href: docSetPath(sibling), current: sibling.id === docSet.id })),
    };
  } catch (error) {
    if (error instanceof SpecUnavailableError) throw new Response("Specification unavailable", { status: 500 });
    throw error;
  }
}

export default function DocSetLayout() {
  const { set, searchPage, navigation, siblings } = useLoaderData<typeof loader>();
  return (
    <div className="docs-layout">
      <DocsSideMenu items={navigation} sets={siblings} />
      <QuickSearch set={set} searchPage={searchPage} />
      <div className="docs-content">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
