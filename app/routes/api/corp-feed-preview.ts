import { previewResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/** POST /api/corp-feed/preview: the first 5 companies a feed's criteria select, and their total. */
const api = previewResource(corpProduct, "feed");
export const loader = api.loader;
export const action = api.action;
