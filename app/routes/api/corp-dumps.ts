import { dumpsResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/** GET /api/corp-dumps: the company dumps the user may see, with progress and files. */
const api = dumpsResource(corpProduct);
export const loader = api.loader;
export const action = api.action;
