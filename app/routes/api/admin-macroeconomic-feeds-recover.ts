import { recoverFeedResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/**
 * POST /api/admin/macroeconomic-feeds/recover {id}: brings a deleted macroeconomic feed back, inactive.
 */
const api = recoverFeedResource(econProduct, "admins");
export const loader = api.loader;
export const action = api.action;
