/** The status filter of the feeds and dumps lists (SPEC.md section 4: "Status filter uses active or inactive"). */
export const statusFilters = ["all", "active", "inactive"] as const;
export type StatusFilter = (typeof statusFilters)[number];

export function parseStatusFilter(value: string | null): StatusFilter {
  return statusFilters.find((filter) => filter === value) ?? "all";
}
