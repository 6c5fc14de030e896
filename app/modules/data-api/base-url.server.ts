import { publicOrigin } from "~/modules/env/env.server";
import type { DocSetId } from "~/modules/registry/registry";

/** Where the portal itself serves a set's data API: `${PUBLIC_URL}/data-api/{set}`. */
export function builtInBaseUrl(set: DocSetId): string {
  return `${publicOrigin()}/data-api/${set}`;
}
