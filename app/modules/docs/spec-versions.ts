import type { DocSetId } from "~/modules/registry/registry";

/**
 * Every process keeps its own loaded specifications; a reload on one of them moves the set's version stamp
 * in the database, and each process looks at the stamps this often and loads again the sets it holds at an
 * older version.
 */
export const specCheckEveryMs = 1_500;
/** A process whose own reload to a stamp failed tries that version again after this long. */
export const failedRefreshRetryMs = 30_000;

export interface RefreshFailure {
  version: number;
  retryAt: number;
}

/**
 * The sets loaded here at an older version than their stamp, with the version to load; a set whose reload
 * to that very stamp failed is left alone until its retry time. Sets not loaded here load fresh when asked.
 */
export function setsToRefresh(
  loaded: ReadonlyMap<DocSetId, number>,
  stamps: ReadonlyMap<DocSetId, number>,
  failures: ReadonlyMap<DocSetId, RefreshFailure>,
  now: number,
): { set: DocSetId; version: number }[] {
  return [...loaded].flatMap(([set, version]) => {
    const stamp = stamps.get(set);
    if (stamp === undefined || stamp <= version) return [];
    const failure = failures.get(set);
    if (failure && failure.version === stamp && now < failure.retryAt) return [];
    return [{ set, version: stamp }];
  });
}
