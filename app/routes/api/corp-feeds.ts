import { feedsResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/** GET /api/corp-feeds?status=&username=: the company feeds the user may see. */
const api = feedsResource(corpProduct);
export const loader = api.loader;
export const action = api.action;
