import { deleteFeedsResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/** POST /api/corp-delete-feeds {ids}: deletes company feeds. */
const api = deleteFeedsResource(corpProduct);
export const loader = api.loader;
export const action = api.action;
