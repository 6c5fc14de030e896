import { feedsResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/** GET /api/econ-feeds: the macroeconomic feeds the user may see. */
const api = feedsResource(econProduct);
export const loader = api.loader;
export const action = api.action;
