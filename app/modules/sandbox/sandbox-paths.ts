import type { DocSetId } from "~/modules/registry/registry";
import { docSetPath, getDocSet, productPath, products } from "~/modules/registry/registry";

/** Where the sandbox's registration, access links and docs live (SPEC.md section 2). */
export const SANDBOX_PRODUCT_PATH = productPath(products.find((product) => product.id === "sandbox")!);
export const SANDBOX_DOCS_PATH = docSetPath(getDocSet("sandbox"));
export const SANDBOX_QUERY_BUILDER_PATH = `${SANDBOX_DOCS_PATH}/getting-started/api-query-builder`;
/** Where a registration from a page ends: what happens next. Never an access link's token (43 characters). */
export const SANDBOX_REGISTERED_PATH = `${SANDBOX_PRODUCT_PATH}/registered`;
/** The trial key's usage page (issue 29). */
export const SANDBOX_USAGE_PATH = `${SANDBOX_PRODUCT_PATH}/usage`;

/** The sandbox docs page that holds the registration form after its text. */
export function isRegisterTrialPage(set: DocSetId, page: string): boolean {
  return set === "sandbox" && page === "register-trial";
}

/** An access link's token: 32 random bytes in base64url. */
export const ACCESS_TOKEN_BYTES = 32;

export function looksLikeAccessToken(token: string): boolean {
  return /^[\w-]{43}$/.test(token);
}

export function accessLinkPath(token: string): string {
  return `${SANDBOX_PRODUCT_PATH}/${token}`;
}
