import { runDumpResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/** POST /api/econ-run-dump {ids}: each selected macroeconomic feed runs as a dump. */
const api = runDumpResource(econProduct);
export const loader = api.loader;
export const action = api.action;
