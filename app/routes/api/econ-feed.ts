import { feedResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/** /api/econ-feed: GET ?id=, POST a new macroeconomic feed, PUT ?id= the edited one. */
const api = feedResource(econProduct);
export const loader = api.loader;
export const action = api.action;
