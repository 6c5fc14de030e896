import { feedResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/**
 * /api/admin/company-feed: one company feed of anyone, for admins. GET ?id=; POST creates one on behalf of
 * `username`; PUT ?id= edits it.
 */
const api = feedResource(corpProduct, "admins");
export const loader = api.loader;
export const action = api.action;
