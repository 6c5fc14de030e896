import { feedResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/** /api/corp-feed: GET ?id= a company feed, POST a new one, PUT ?id= the edited one. */
const api = feedResource(corpProduct);
export const loader = api.loader;
export const action = api.action;
