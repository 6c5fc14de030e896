import { optionsResource } from "~/modules/products/api.server";
import { documentsProduct } from "~/modules/products/documents/documents.server";

/** GET /api/documents-options: the choices of the documents feed form (401 without a session, 403 without the subscription; admins pass). */
const api = optionsResource(documentsProduct);
export const loader = api.loader;
export const action = api.action;
