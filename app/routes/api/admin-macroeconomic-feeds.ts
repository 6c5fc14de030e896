import { feedCollectionResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/**
 * /api/admin/macroeconomic-feeds: everyone's macroeconomic feeds for admins. GET lists them (?username=, ?status=,
 * ?deleted=1) or ?id= one; POST creates one on behalf of `username`; PUT ?id= edits; PATCH ?id= {active}.
 */
const api = feedCollectionResource(econProduct, "admins");
export const loader = api.loader;
export const action = api.action;
