import { docSetPath, getDocSet, isDocSetId } from "~/modules/registry/registry";
import { SECRET_PARAMETERS } from "~/modules/secrets/redact";

/** A logged call as far as the query builder can replay it. */
export interface ReplayableCall {
  set: string;
  method: string;
  pathTemplate: string;
  path: string;
  query: string;
}

/** The values of a path template's {parameters} in a path, or null when the path is not of the template. */
export function pathParameters(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{([^}]+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
      names.push(name);
      return "([^/]+)";
    })
    .join("");
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return null;
  try {
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
  } catch {
    return null;
  }
}

/**
 * "Open in the query builder": the operation's docs page (docs?path=&method= leads to it) with the call's
 * parameters as `query.{name}` and `path.{name}`, which the builder takes as its first values. Credentials stay out
 * (the log holds them redacted anyway). Null for a call no operation answered (an unknown path).
 */
export function queryBuilderLink(call: ReplayableCall): string | null {
  if (!call.pathTemplate || !isDocSetId(call.set)) return null;
  const search = new URLSearchParams({ path: call.pathTemplate, method: call.method.toLowerCase() });
  for (const [name, value] of Object.entries(pathParameters(call.pathTemplate, call.path) ?? {})) search.append(`path.${name}`, value);
  for (const [name, value] of new URLSearchParams(call.query)) {
    if (!SECRET_PARAMETERS.has(name.toLowerCase())) search.append(`query.${name}`, value);
  }
  return `${docSetPath(getDocSet(call.set))}/docs?${search.toString()}`;
}
