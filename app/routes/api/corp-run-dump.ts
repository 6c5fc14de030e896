import { runDumpResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/** POST /api/corp-run-dump {ids}: each selected company feed runs as a dump. */
const api = runDumpResource(corpProduct);
export const loader = api.loader;
export const action = api.action;
