import { feedCollectionResource } from "~/modules/products/api.server";
import { documentsProduct } from "~/modules/products/documents/documents.server";

/**
 * /api/admin/documents-feeds: everyone's documents feeds for admins. GET lists them (?username=, ?status=) or
 * ?id= one; POST creates one on behalf of `username`; PUT ?id= edits; PATCH ?id= {active}.
 */
const api = feedCollectionResource(documentsProduct, "admins");
export const loader = api.loader;
export const action = api.action;
