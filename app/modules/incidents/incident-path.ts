/**
 * The admin page that shows one incident: the error page links its id here for admins. Apart from
 * incident-lookup.ts, whose zod schemas the browser does not need.
 */
export function incidentLookupPath(id: string): string {
  return `/dashboard/admin/incidents?id=${encodeURIComponent(id)}`;
}
