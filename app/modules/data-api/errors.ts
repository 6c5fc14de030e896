/**
 * Every refusal of the data APIs is one shape, the specs' shared Error model: `{"error": "...", "code": 400}`
 * with the HTTP status repeated in the body.
 */
export class DataApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** With the answer's request id (X-Request-Id) where the call log knows it, for a subscriber to quote. */
export function errorBody(status: number, message: string, requestId?: string): { error: string; code: number; requestId?: string } {
  return requestId ? { error: message, code: status, requestId } : { error: message, code: status };
}

export const badRequest = (message: string) => new DataApiError(400, message);
export const unauthorized = (message: string) => new DataApiError(401, message);
export const forbidden = (message: string) => new DataApiError(403, message);
export const notFound = (message: string) => new DataApiError(404, message);
export const conflict = (message: string) => new DataApiError(409, message);

export function tooManyRequests(message: string, retryAfterSeconds: number): DataApiError {
  return new DataApiError(429, message, { "Retry-After": String(retryAfterSeconds) });
}
