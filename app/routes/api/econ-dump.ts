import { dumpResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/** /api/econ-dump: GET ?id=, POST a new macroeconomic dump, DELETE ?id= cancels it. */
const api = dumpResource(econProduct);
export const loader = api.loader;
export const action = api.action;
