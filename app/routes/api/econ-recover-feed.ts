import { recoverFeedResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/** POST /api/econ-recover-feed {id}: an admin brings a deleted macroeconomic feed back, inactive. */
const api = recoverFeedResource(econProduct);
export const loader = api.loader;
export const action = api.action;
