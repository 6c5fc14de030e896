/** The status filter of the feeds and dumps lists (SPEC.md section 4: "Status filter uses active or inactive"). */
export const statusFilters = ["all", "active", "inactive"] as const;
export type StatusFilter = (typeof statusFilters)[number];

function parseStatusFilter(value: string | null): StatusFilter {
  return statusFilters.find((filter) => filter === value) ?? "all";
}

/** The GET filters of the feeds and dumps pages: ?status= for everyone, ?username= for admins only. */
export function listFilter(search: URLSearchParams, isAdmin: boolean): { status: StatusFilter; username: string } {
  return { status: parseStatusFilter(search.get("status")), username: isAdmin ? (search.get("username") ?? "").trim() : "" };
}

/** The selected ids of a list form (checkboxes named feedId), without duplicates. */
export function selectedIds(form: FormData): string[] {
  return [...new Set(form.getAll("feedId").filter((value): value is string => typeof value === "string" && value !== ""))];
}
