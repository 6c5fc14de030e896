/**
 * What a feed run selected (issue 27): items created after the run's `since` are new, other items updated after it
 * are changed. A full-dump feed also delivers items that are neither; they count as neither.
 */
export interface ChangeCounts {
  newCount: number;
  changedCount: number;
}

/** When an item was created and last updated (a document: published and revised). */
export interface ItemMoments {
  createdAt: string;
  updatedAt: string;
}

export function noChanges(): ChangeCounts {
  return { newCount: 0, changedCount: 0 };
}

/** Adds a page of items to the counts. */
export function countChanges(counts: ChangeCounts, since: string, items: readonly ItemMoments[]): void {
  const after = Date.parse(since);
  for (const item of items) {
    if (Date.parse(item.createdAt) > after) counts.newCount++;
    else if (Date.parse(item.updatedAt) > after) counts.changedCount++;
  }
}
