import { productApi } from "~/modules/products/api.server";

/**
 * Every product's feeds and dumps JSON API: remix.config.js routes each address of the product catalogue here, and
 * the address names the product, the resource and its audience (subscribers, or admins under /api/admin/).
 */
export const loader = productApi.loader;
export const action = productApi.action;
