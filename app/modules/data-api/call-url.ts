/** The base URL, the path and the query string as one URL (the builder's curl line shows it). */
export function callUrl(base: string, path: string, query: readonly (readonly [string, string])[]): string {
  const search = new URLSearchParams(query.map(([name, value]) => [name, value])).toString();
  return `${base}${path.startsWith("/") ? path : `/${path}`}${search ? `?${search}` : ""}`;
}
