import { feedEditResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/** /api/corp-feed/edit?id=: the edited company feed, by PUT or POST. */
const api = feedEditResource(corpProduct);
export const loader = api.loader;
export const action = api.action;
