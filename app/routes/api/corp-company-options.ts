import { optionsResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/** GET /api/corp-company-options: the choices of the company feed and dump forms (401 without a session, 403 without the company subscription; admins pass). */
const api = optionsResource(corpProduct);
export const loader = api.loader;
export const action = api.action;
