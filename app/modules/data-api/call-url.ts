/** The base URL, the path and the query string as one URL (the builder's curl line shows it). */
export function callUrl(base: string, path: string, query: readonly (readonly [string, string])[]): string {
  const search = new URLSearchParams(query.map(([name, value]) => [name, value])).toString();
  return `${base}${path.startsWith("/") ? path : `/${path}`}${search ? `?${search}` : ""}`;
}

/**
 * A "." or ".." segment, also percent-encoded or after a backslash (`new URL` reads both as such): the URL would
 * resolve it away and reach another path of the upstream than the operation's.
 */
export function hasDotSegment(path: string): boolean {
  return path.split(/[/\\]/).some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}
