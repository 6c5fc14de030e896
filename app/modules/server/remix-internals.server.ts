// Server half of the Remix-internals adapter; browser code cannot import it, so hydration/remix-context.ts is the other.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { matchRoutes as MatchRoutes } from "@remix-run/router";
import type { createStaticRouter as CreateStaticRouter } from "react-router-dom/server";

/**
 * The one place the app touches Remix's undocumented parts on the server (README, "Remix internals"): the
 * request conversion the page cache shares with @remix-run/express, which exports it only from its dist folder,
 * and the check that the route-matching patches under patches/ are in effect. React Router 7 renames or drops
 * all of it, so an upgrade starts here.
 */
export { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";

/** The patched functions, as the server loads them, and the one patched file no call can probe. */
export interface RouteMatchingInternals {
  matchRoutes: typeof MatchRoutes;
  createStaticRouter: typeof CreateStaticRouter;
  /** The source of @remix-run/react's server entry, whose cache sits inside a component's render. */
  remixServerSource: string;
}

const PATCH_HINT = "run `npm install` (its postinstall runs patch-package) and check that the patch still applies";

/** The CommonJS builds Node loads for the server build (a bundler reading "module" would get unpatched copies). */
export function loadedRouteMatchingInternals(): RouteMatchingInternals {
  const require = createRequire(import.meta.url);
  return {
    matchRoutes: (require("@remix-run/router") as typeof import("@remix-run/router")).matchRoutes,
    createStaticRouter: (require("react-router-dom/server") as typeof import("react-router-dom/server")).createStaticRouter,
    remixServerSource: fs.readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8"),
  };
}

/**
 * Throws, naming the patch file, when a route-matching patch is not in effect: without them every page flattens,
 * ranks and converts all routes again and the portal serves half as many pages a second, with no other sign.
 * Each probe changes a routes array after a first use; only a cache keyed by the array still answers as before.
 */
export function checkRouteMatchingPatches(internals: RouteMatchingInternals = loadedRouteMatchingInternals()): void {
  const missing = (patch: string) => new Error(`The route-matching patch patches/${patch} is not in effect: ${PATCH_HINT}.`);

  const routes = [{ id: "probe", path: "/probe" }];
  const first = internals.matchRoutes(routes, "/probe");
  routes[0]!.path = "/moved";
  const again = internals.matchRoutes(routes, "/probe");
  if (!first || again?.[0]?.route.id !== "probe") throw missing("@remix-run+router+1.23.3.patch");

  const staticRoutes = [{ id: "probe", path: "/" }];
  const context = { matches: [] } as unknown as Parameters<typeof CreateStaticRouter>[1];
  if (internals.createStaticRouter(staticRoutes, context).routes !== internals.createStaticRouter(staticRoutes, context).routes) {
    throw missing("react-router-dom+6.30.4.patch");
  }

  if (!internals.remixServerSource.includes("serverRoutesCache.get(manifest.routes)")) {
    throw missing("@remix-run+react+2.17.5.patch");
  }
}
