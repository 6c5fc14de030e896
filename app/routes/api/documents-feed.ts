import { feedCollectionResource } from "~/modules/products/api.server";
import { documentsProduct } from "~/modules/products/documents/documents.server";

/** /api/documents-feed: GET lists the documents feeds (or ?id= one), POST creates, PUT ?id= edits, PATCH ?id= {active}. */
const api = feedCollectionResource(documentsProduct);
export const loader = api.loader;
export const action = api.action;
