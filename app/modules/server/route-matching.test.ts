import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * The server's route matching as patched under patches/ (issue 17): the CommonJS builds the server loads cache
 * ranked branches, compiled paths and a pathname's matches per routes array, and build a static router's data
 * routes once. Matching must answer exactly as before, and nothing a caller changes may reach the cache.
 */
const require = createRequire(import.meta.url);
const { matchRoutes } = require("@remix-run/router") as typeof import("@remix-run/router");
const { createStaticHandler, createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");

function routeTree() {
  return [
    {
      id: "root",
      path: "/",
      children: [
        { id: "home", index: true },
        { id: "feed", path: "feeds/:feedId" },
        { id: "new-feed", path: "feeds/new" },
        { id: "docs", path: "docs/*" },
      ],
    },
  ];
}

const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((match) => match.route.id) ?? null;

describe("route matching on the server (patches/)", () => {
  it("ranks a static segment above a parameter, an index route and a splat, as unpatched", () => {
    const routes = routeTree();
    expect(ids(matchRoutes(routes, "/"))).toEqual(["root", "home"]);
    expect(ids(matchRoutes(routes, "/feeds/new"))).toEqual(["root", "new-feed"]);
    expect(ids(matchRoutes(routes, "/feeds/42"))).toEqual(["root", "feed"]);
    expect(matchRoutes(routes, "/feeds/42")?.at(-1)?.params).toEqual({ feedId: "42" });
    expect(matchRoutes(routes, "/docs/econ/macroeconomic")?.at(-1)?.params).toEqual({ "*": "econ/macroeconomic" });
    expect(matchRoutes(routes, "/nowhere/at/all")).toBeNull();
  });

  it("answers the same matches again, as copies that a caller may change", () => {
    const routes = routeTree();
    const first = matchRoutes(routes, "/feeds/7")!;
    (first.at(-1)!.params as Record<string, string>).feedId = "changed";
    first.pop();
    const second = matchRoutes(routes, "/feeds/7")!;
    expect(ids(second)).toEqual(["root", "feed"]);
    expect(second.at(-1)!.params).toEqual({ feedId: "7" });
    expect(second.at(-1)!.route).toBe(routes[0]!.children[1]);
  });

  it("keeps each routes array apart, and stays right past a thousand pathnames", () => {
    const one = routeTree();
    const other = [{ id: "only", path: "/feeds/:name" }];
    expect(ids(matchRoutes(one, "/feeds/x"))).toEqual(["root", "feed"]);
    expect(ids(matchRoutes(other, "/feeds/x"))).toEqual(["only"]);
    for (let index = 0; index < 1500; index++) {
      expect(matchRoutes(one, `/feeds/${index}`)?.at(-1)?.params).toEqual({ feedId: String(index) });
    }
    expect(ids(matchRoutes(one, "/feeds/new"))).toEqual(["root", "new-feed"]);
  });

  it("builds a static router's data routes once per routes array", async () => {
    const routes = routeTree();
    const handler = createStaticHandler(routes);
    const contextFor = async (url: string) => {
      const context = await handler.query(new Request(`http://localhost${url}`));
      if (context instanceof Response) throw new Error(`${url} answered a response`);
      return context;
    };
    const routerFor = async (url: string) => createStaticRouter(routes, await contextFor(url));
    const first = await routerFor("/feeds/1");
    const second = await routerFor("/feeds/new");
    expect(second.routes).toBe(first.routes);
    expect(first.state.matches.map((match) => match.route.id)).toEqual(["root", "feed"]);
    expect(second.state.matches.map((match) => match.route.id)).toEqual(["root", "new-feed"]);
    expect(createStaticRouter(routeTree(), await contextFor("/")).routes).not.toBe(first.routes);
  });
});
