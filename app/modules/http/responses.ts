/**
 * The site's 404s, so every "not here" answers alike: a page's loader throws notFound() and its error boundary
 * renders the 404 page; a resource route returns it as it is. JSON resources answer jsonNotFound() instead.
 */

const NOT_FOUND = "Not Found";

/**
 * A plain-text 404. The body is what a status handler of the error boundary reads as `error.data`: a page that
 * shows its own 404 text passes that text's i18n key, everyone else keeps "Not Found".
 */
export function notFound(body: string = NOT_FOUND): Response {
  return new Response(body, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The JSON API's 404: `{error}` with the message the caller already translated. */
export function jsonNotFound(error: string): Response {
  return Response.json({ error }, { status: 404 });
}
