import { dumpResource } from "~/modules/products/api.server";
import { corpProduct } from "~/modules/products/corp/corp.server";

/** /api/corp-dump: GET ?id=, POST a new company dump, DELETE ?id= cancels it. */
const api = dumpResource(corpProduct);
export const loader = api.loader;
export const action = api.action;
