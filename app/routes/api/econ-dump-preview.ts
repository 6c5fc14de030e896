import { previewResource } from "~/modules/products/api.server";
import { econProduct } from "~/modules/products/econ/econ.server";

/** POST /api/econ-dump/preview: the series a dump's criteria select (the database is mandatory). */
const api = previewResource(econProduct, "dump");
export const loader = api.loader;
export const action = api.action;
