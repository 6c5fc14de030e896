import { companyFilterSelection, storeCompanyFilter } from "~/modules/data-api/sets/company-v2.server";
import type { FeedRow } from "~/modules/feeds/feed-queries.server";
import { outputOptionsSchema } from "~/modules/feeds/model";
import { readSelection } from "~/modules/feeds/stored";
import { corpCriteriaSchema, corpStoredFormValues, type CorpCriteria } from "./corp-criteria";
import { companySearchFields } from "./corp-form";

/**
 * Company filter ids (issue 27): every company feed and dump keeps the filter_id of its selection (its company
 * ids or criteria), stored as a filter of the company v2 API, and a feed or dump may be made from a filter id
 * of its owner, as the company v2 API documents (content/specs/company-v2.json).
 */

/** The form fields of a company selection: the ids and the company criteria (not the statements'). */
const selectionFields = ["companyIds", ...companySearchFields] as const;

const isSet = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null;

/** The filter id as posted (text or number), NaN when it is not a whole number. */
function postedFilterId(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value === "number") return value;
  return typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

/** The post or body with the owner's filter's ids or criteria filled in; a filter beside ids or criteria is refused. */
export async function expandCompanyFilter(
  raw: Record<string, unknown>,
  ownerId: string,
): Promise<{ ok: true; raw: Record<string, unknown> } | { ok: false; errors: Record<string, string> }> {
  const id = postedFilterId(raw.filterId);
  // Nothing to fill in, or a value the schema refuses with its own message.
  if (id === null || !Number.isSafeInteger(id) || id <= 0) return { ok: true, raw };
  if (selectionFields.some((name) => isSet(raw[name]))) return { ok: false, errors: { filterId: "validation.eitherFilterId" } };
  const selection = await companyFilterSelection(ownerId, id);
  if (!selection) return { ok: false, errors: { filterId: "validation.unknownFilter" } };
  const fields = corpStoredFormValues(selection, outputOptionsSchema.parse({}));
  return { ok: true, raw: { ...raw, ...Object.fromEntries(selectionFields.map((name) => [name, fields[name]])), filterId: id } };
}

/** The company part of a selection, to tell whether an edit changed it. */
function companySelection({ statements: _statements, ...selection }: CorpCriteria): string {
  return JSON.stringify(selection);
}

/**
 * The filter id a company feed or dump keeps: the one it was made from; the stored feed's while the company
 * selection stays (an edit, a dump from the feed); otherwise a new filter of the owner.
 */
export async function companySelectionFilter(
  ownerId: string,
  criteria: CorpCriteria,
  values: { filterId?: number | undefined },
  stored?: FeedRow,
): Promise<string> {
  if (values.filterId !== undefined) return String(values.filterId);
  if (stored?.filter_id && stored.user_id === ownerId) {
    const kept = readSelection(stored, corpCriteriaSchema).criteria;
    if (companySelection(kept) === companySelection(criteria)) return stored.filter_id;
  }
  const { statements: _statements, ...selection } = criteria;
  return String(await storeCompanyFilter(ownerId, selection));
}
