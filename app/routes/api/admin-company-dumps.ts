import { dumpCollectionResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/**
 * /api/admin/company-dumps: everyone's company dumps for admins. GET lists them (?username=, ?status=) or ?id=
 * one; POST creates one on behalf of `username`; DELETE ?id= cancels one.
 */
const api = dumpCollectionResource(corpProduct, "admins");
export const loader = api.loader;
export const action = api.action;
