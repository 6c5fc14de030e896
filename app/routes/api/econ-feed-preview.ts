import { previewResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/** POST /api/econ-feed/preview: the series a feed's criteria select (the total and at most 500). */
const api = previewResource(econProduct, "feed");
export const loader = api.loader;
export const action = api.action;
