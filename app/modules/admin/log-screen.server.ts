/**
 * The admin panel's log screens (incidents, snowflake incidents, the outbox) share one shape: ?id= looks one
 * entry up, the other query parameters filter the list below it. This answers both halves and the status the
 * page answers with: 400 for a malformed id or filter, 404 for an id nothing has, 200 otherwise.
 */

export interface LogSearch<Filter> {
  /** The valid id asked for, or null when none was asked for or it is malformed. */
  id: string | null;
  idError: string | null;
  /** The valid filters, or null when a filter is malformed. */
  filter: Filter | null;
}

export interface LogSource<Row, Filter, List> {
  find(id: string): Promise<Row | undefined>;
  list(filter: Filter): Promise<List>;
  /** The list when the filters are malformed. */
  empty: List;
  /** The message key when no entry has the id. */
  notFound: string;
}

export async function lookUpAndList<Row, Filter, List>(
  search: LogSearch<Filter>,
  source: LogSource<Row, Filter, List>,
): Promise<{ row: Row | null; list: List; lookupError: string | null; status: number }> {
  const row = search.id ? ((await source.find(search.id)) ?? null) : null;
  const lookupError = search.idError ?? (search.id && !row ? source.notFound : null);
  const status = search.idError || !search.filter ? 400 : lookupError ? 404 : 200;
  return { row, list: search.filter ? await source.list(search.filter) : source.empty, lookupError, status };
}
