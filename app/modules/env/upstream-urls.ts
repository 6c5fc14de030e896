import { z } from "zod";
import { isDocSetId, type DocSetId } from "~/modules/registry/registry";

/**
 * UPSTREAM_URLS points documentation sets at real upstreams instead of the built-in one:
 * `macroeconomic=https://econ.example.com/v1,fund-flows=https://flows.example.com/v2`. A set it does not
 * name is answered by the portal itself under /data-api/{set}.
 */

export type UpstreamUrls = Partial<Record<DocSetId, string>>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.search === "" && url.hash === "";
  } catch {
    return false;
  }
}

/** One `set=url` entry's problem, or null when it is fine. */
function entryProblem(set: string, url: string, seen: ReadonlySet<string>): string | null {
  if (!isDocSetId(set)) return `${set || "(empty)"} is not a documentation set id`;
  if (seen.has(set)) return `${set} is named twice`;
  if (!isHttpUrl(url)) return `${set} needs an http(s) URL without query or fragment`;
  return null;
}

export const upstreamUrlsSchema = z
  .string()
  .default("")
  .transform((value, context) => {
    const urls: UpstreamUrls = {};
    for (const entry of value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)) {
      const separator = entry.indexOf("=");
      const set = separator < 0 ? entry : entry.slice(0, separator).trim();
      const url = separator < 0 ? "" : entry.slice(separator + 1).trim();
      const problem = entryProblem(set, url, new Set(Object.keys(urls)));
      if (problem) {
        context.addIssue({ code: "custom", message: `must be set=url pairs separated by commas: ${problem}` });
        return z.NEVER;
      }
      urls[set as DocSetId] = url.replace(/\/+$/, "");
    }
    return urls;
  });
