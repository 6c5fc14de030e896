import { deleteFeedsResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/** POST /api/econ-delete-feeds {ids}: deletes macroeconomic feeds (an admin can recover them). */
const api = deleteFeedsResource(econProduct);
export const loader = api.loader;
export const action = api.action;
