import { routes as remixRoutes } from "../../remix.config.js";

/** The URL map as data, for tests that walk every route (the fuzz test) or check links against it (the menu). */
export interface RouteEntry {
  /** The full pattern, e.g. ":lang?/dashboard/econ/feed-details/:feedId". */
  pattern: string;
  file: string;
}

/** Every route of remix.config.js, by calling its routes() with a collector in place of Remix's defineRoutes. */
export function listRoutes(): RouteEntry[] {
  const found: RouteEntry[] = [];
  const parents: string[] = [];
  const route = (routePath: string | undefined, file: string, optionsOrChildren?: object | (() => void), children?: () => void) => {
    found.push({ pattern: [...parents, routePath ?? ""].filter(Boolean).join("/"), file });
    const nested = typeof optionsOrChildren === "function" ? optionsOrChildren : children;
    if (!nested) return;
    parents.push(routePath ?? "");
    nested();
    parents.pop();
  };
  const defineRoutes = (callback: (defineRoute: typeof route) => void) => {
    callback(route);
    return {};
  };
  remixRoutes(defineRoutes as unknown as Parameters<typeof remixRoutes>[0]);
  return found;
}
