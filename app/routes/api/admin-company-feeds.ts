import { feedCollectionResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/**
 * /api/admin/company-feeds: everyone's company feeds for admins. GET lists them (?username=, ?status=) or ?id=
 * one; POST creates one on behalf of `username`; PUT ?id= edits; PATCH ?id= {active}.
 */
const api = feedCollectionResource(corpProduct, "admins");
export const loader = api.loader;
export const action = api.action;
