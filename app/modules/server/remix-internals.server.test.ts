import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { checkRouteMatchingPatches, loadedRouteMatchingInternals, type RouteMatchingInternals } from "./remix-internals.server";

/**
 * The start-up check on the route-matching patches (issue 25): it passes on the modules the server loads, and on
 * the packages' ES module builds, which patch-package leaves as published, it names the patch that is missing.
 */
const require = createRequire(import.meta.url);

async function unpatched(): Promise<RouteMatchingInternals> {
  const router = (await import("@remix-run/router/dist/router.js" as string)) as typeof import("@remix-run/router");
  const server = (await import("react-router-dom/server.mjs" as string)) as typeof import("react-router-dom/server");
  return {
    matchRoutes: router.matchRoutes,
    createStaticRouter: server.createStaticRouter,
    remixServerSource: fs.readFileSync(require.resolve("@remix-run/react/dist/esm/server.js"), "utf8"),
  };
}

describe("checkRouteMatchingPatches", () => {
  it("passes on the patched modules the server loads", () => {
    expect(() => checkRouteMatchingPatches()).not.toThrow();
    expect(() => checkRouteMatchingPatches(loadedRouteMatchingInternals())).not.toThrow();
  });

  it("names the router patch and npm install when route matching is not cached", async () => {
    const internals = { ...loadedRouteMatchingInternals(), matchRoutes: (await unpatched()).matchRoutes };
    expect(() => checkRouteMatchingPatches(internals)).toThrow(
      "The route-matching patch patches/@remix-run+router+1.23.3.patch is not in effect: run `npm install`",
    );
  });

  it("names the react-router-dom patch when a static router converts its routes on every render", async () => {
    const internals = { ...loadedRouteMatchingInternals(), createStaticRouter: (await unpatched()).createStaticRouter };
    expect(() => checkRouteMatchingPatches(internals)).toThrow("patches/react-router-dom+6.30.4.patch is not in effect");
  });

  it("names the @remix-run/react patch when RemixServer builds its routes on every render", async () => {
    const internals = { ...loadedRouteMatchingInternals(), remixServerSource: (await unpatched()).remixServerSource };
    expect(() => checkRouteMatchingPatches(internals)).toThrow("patches/@remix-run+react+2.17.5.patch is not in effect");
  });
});
