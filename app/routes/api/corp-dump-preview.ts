import { previewResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/** POST /api/corp-dump/preview: the first 5 companies a dump's criteria select, and their total. */
const api = previewResource(corpProduct, "dump");
export const loader = api.loader;
export const action = api.action;
