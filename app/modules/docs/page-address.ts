import { splitLanguagePrefix } from "~/modules/i18n/language";
import { docSetPath, findDocSet, getDocSet, isDocSetId, type DocSetId } from "~/modules/registry/registry";

export interface PageAddress {
  set: DocSetId;
  /** Relative to the set root, without slashes at either end; "" is the overview. */
  page: string;
}

/**
 * Which page of which set the routing API is asked about: either `apiName` plus a path relative to the set
 * root, or a full docs URL (`/zh/docs/econ/macroeconomic/getting-started/prerequisites`) on its own.
 */
export function pageAddress(apiName: string | null, pagePath: string): PageAddress | null {
  const trimmed = splitLanguagePrefix(pagePath.split(/[?#]/)[0] ?? "").path.replace(/^\/+|\/+$/g, "");
  if (apiName !== null) {
    if (!isDocSetId(apiName)) return null;
    const root = docSetPath(getDocSet(apiName)).slice(1);
    const page = trimmed === root ? "" : trimmed.startsWith(`${root}/`) ? trimmed.slice(root.length + 1) : trimmed;
    return { set: apiName, page };
  }
  const match = /^docs\/([^/]+)\/([^/]+)(?:\/(.*))?$/.exec(trimmed);
  const docSet = match ? findDocSet(match[1] ?? "", match[2] ?? "") : undefined;
  return docSet ? { set: docSet.id, page: match?.[3] ?? "" } : null;
}
