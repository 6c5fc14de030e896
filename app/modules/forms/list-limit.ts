import { z } from "zod";

/** The admin lists (incidents, snowflake incidents, outbox) show at most this many rows, newest first. */
export const maxListRows = 100;

/** ?limit= of an admin list's JSON API: a whole number from 1 to maxListRows, all of them when absent or blank. */
export const listLimitSchema = z.object({
  limit: z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    z.coerce
      .number({ invalid_type_error: "admin.incidents.limit" })
      .int("admin.incidents.limit")
      .min(1, "admin.incidents.limit")
      .max(maxListRows, "admin.incidents.limit")
      .default(maxListRows),
  ),
});
