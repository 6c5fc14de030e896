/**
 * Offset paging over the catalog's keyset pages (ordered by id): the catalog reads lists in id order after a
 * given id, the APIs page with offset and limit.
 */

export type KeysetFetch<T> = (afterId: string | null, limit: number) => Promise<T[]>;

/** The items at [offset, offset + limit) of a keyset list. */
export async function keysetWindow<T extends { id: string }>(fetch: KeysetFetch<T>, offset: number, limit: number): Promise<T[]> {
  if (offset === 0) return fetch(null, limit);
  const skipped = await fetch(null, offset);
  const last = skipped[offset - 1];
  return last ? fetch(last.id, limit) : [];
}

const SCAN_PAGE = 2000;

/**
 * Walks a whole keyset list keeping what `keep` accepts: how many it kept and the kept items at
 * [offset, offset + limit). For criteria the catalog cannot filter on itself (a series' status, an exact
 * ISIC class).
 */
export async function scanWindow<T extends { id: string }>(
  fetch: KeysetFetch<T>,
  keep: (item: T) => boolean,
  offset: number,
  limit: number,
): Promise<{ total: number; items: T[] }> {
  const items: T[] = [];
  let total = 0;
  let afterId: string | null = null;
  for (;;) {
    const page = await fetch(afterId, SCAN_PAGE);
    for (const item of page) {
      if (!keep(item)) continue;
      if (total >= offset && items.length < limit) items.push(item);
      total++;
    }
    if (page.length < SCAN_PAGE) return { total, items };
    afterId = page[page.length - 1]!.id;
  }
}
