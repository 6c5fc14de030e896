import { env } from "~/modules/env/env.server";
import type { DocSetId } from "~/modules/registry/registry";

/** Where the portal itself serves a set's data API: `${PUBLIC_URL}/data-api/{set}`. */
export function builtInBaseUrl(set: DocSetId): string {
  return `${env.PUBLIC_URL.replace(/\/+$/, "")}/data-api/${set}`;
}
