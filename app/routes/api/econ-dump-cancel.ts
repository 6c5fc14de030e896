import { dumpCancelResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/** DELETE /api/econ-dump-cancel?id= (or POST {id}): cancels a macroeconomic dump while it can be cancelled. */
const api = dumpCancelResource(econProduct);
export const loader = api.loader;
export const action = api.action;
