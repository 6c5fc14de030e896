import { optionsResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/** GET /api/econ-options: the choices of the macroeconomic feed and dump forms (401 without a session, 403 without the subscription; admins pass). */
const api = optionsResource(econProduct);
export const loader = api.loader;
export const action = api.action;
