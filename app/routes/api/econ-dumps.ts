import { dumpsResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/** GET /api/econ-dumps: the macroeconomic dumps the user may see, with progress and files. */
const api = dumpsResource(econProduct);
export const loader = api.loader;
export const action = api.action;
