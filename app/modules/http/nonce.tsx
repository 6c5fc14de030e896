import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of the page being rendered: the server hands it to every inline script
 * it emits. Browsers hide nonce attributes from scripts, so after hydration it is "" and nothing changes.
 */
export const NonceContext = createContext("");

export function useNonce(): string {
  return useContext(NonceContext);
}
