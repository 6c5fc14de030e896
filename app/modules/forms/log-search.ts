import { z, type ZodType, type ZodTypeDef } from "zod";

/** An entry of an admin log (incident, snowflake incident, outbox message) has a UUID id (newId); anything else is 'Invalid ID' (SPEC.md section 8). */
export const logIdSchema = z.string().trim().uuid("admin.incidents.invalidId");

export interface LogSearch<Field extends string, Filter> {
  /** What the lookup and filter forms show again. */
  values: Record<"id" | Field, string>;
  /** The valid id asked for (?id=), or null when none was asked for or it is invalid. */
  id: string | null;
  idError: "admin.incidents.invalidId" | null;
  /** The valid filters, or null with the errors by field. */
  filter: Filter | null;
  filterErrors: Record<string, string>;
}

/**
 * Reads an admin log's query, for its page and its JSON API alike: ?id= looks one entry up (a blank one is
 * invalid), the fields filter the list; a missing or blank field reads as its default.
 */
export function readLogSearch<Field extends string, Filter>(
  search: URLSearchParams,
  defaults: Record<Field, string>,
  filterSchema: ZodType<Filter, ZodTypeDef, unknown>,
): LogSearch<Field, Filter> {
  // Object.fromEntries forgets which keys it was given.
  const fields = Object.fromEntries(
    Object.entries<string>(defaults).map(([name, fallback]) => [name, search.get(name) || fallback]),
  ) as Record<Field, string>;
  const values = { id: (search.get("id") ?? "").trim(), ...fields };
  const id = search.has("id") ? logIdSchema.safeParse(values.id) : null;
  const filter = filterSchema.safeParse(fields);
  const filterErrors: Record<string, string> = {};
  for (const issue of filter.error?.issues ?? []) filterErrors[issue.path.join(".") || "_"] ??= issue.message;
  return {
    values,
    id: id?.success ? id.data : null,
    idError: id && !id.success ? "admin.incidents.invalidId" : null,
    filter: filter.success ? filter.data : null,
    filterErrors,
  };
}
