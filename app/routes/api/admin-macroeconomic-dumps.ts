import { dumpCollectionResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/**
 * /api/admin/macroeconomic-dumps: everyone's macroeconomic dumps for admins. GET lists them (?username=, ?status=)
 * or ?id= one; POST creates one on behalf of `username`; DELETE ?id= cancels one.
 */
const api = dumpCollectionResource(econProduct, "admins");
export const loader = api.loader;
export const action = api.action;
