/**
 * The HTTP server (server.mjs) works out the client's address from the socket, or from X-Forwarded-For by
 * TRUST_PROXY trusted hops counted from the right, and hands it to the app in this header after dropping
 * any value the client sent under the same name. Rate limits key on it.
 */
export const CLIENT_ADDRESS_HEADER = "X-Portal-Client-Address";

/** The address a request comes from; null only outside the HTTP server (unit tests, scripts). */
export function clientAddress(request: Request): string | null {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || null;
}
