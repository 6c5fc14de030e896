import { z } from "zod";

/**
 * The admin list of sandbox registrations (the sales leads): its GET filters, read leniently (a malformed value is
 * no filter), so a shared address never fails. Pure: the page's view imports the states and the search shape.
 */

/** A registration's state: its link not yet used, its trial key issued (still live), or past its expiry. */
export const leadStates = ["unused", "issued", "expired"] as const;
export type LeadState = (typeof leadStates)[number];

export const LEADS_PER_PAGE = 50;

const leadSearchSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .or(z.literal(""))
    .catch(""),
  offers: z.enum(["", "yes", "no"]).catch(""),
  state: z.enum(["", ...leadStates]).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type LeadSearch = z.infer<typeof leadSearchSchema>;

export function readLeadSearch(params: URLSearchParams): LeadSearch {
  return leadSearchSchema.parse({
    q: params.get("q") ?? "",
    country: params.get("country") ?? "",
    offers: params.get("offers") ?? "",
    state: params.get("state") ?? "",
    page: params.get("page") ?? 1,
  });
}

/** The query string of a search (empty values left out), for the paging links and the CSV link. */
export function leadSearchQuery(search: Partial<LeadSearch>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (value === "" || value === undefined || (name === "page" && value === 1)) continue;
    params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}
