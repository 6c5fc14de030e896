import { sql } from "kysely";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { isDocSetId, type DocSetId } from "~/modules/registry/registry";
import { loadedSpecVersions, noteSpecVersion, reloadSpec, SpecUnavailableError } from "./routing-data.server";
import { failedRefreshRetryMs, setsToRefresh, specCheckEveryMs, type RefreshFailure } from "./spec-versions";

/**
 * The version stamps that carry a specification reload to every process: the reload moves its set's stamp
 * (spec_versions), and each web process follows the stamps (followSpecVersions) and loads again the sets it
 * holds at an older version. Everything derived from a loaded set (search documents and index, routing JSON,
 * download listings) is keyed by it, so it is rebuilt with it.
 */

export interface SpecVersion {
  set: DocSetId;
  version: number;
  reloadedAt: string;
  reloadedBy: string;
}

export async function readSpecVersions(): Promise<SpecVersion[]> {
  const rows = await db.selectFrom("spec_versions").selectAll().orderBy("set_id").execute();
  return rows.flatMap((row) =>
    isDocSetId(row.set_id)
      ? [{ set: row.set_id, version: Number(row.version), reloadedAt: row.reloaded_at, reloadedBy: row.reloaded_by }]
      : [],
  );
}

/** Moves a set's stamp one version on, in one statement so that concurrent reloads get distinct versions. */
export async function stampSpecReload(set: DocSetId, username: string, now = new Date()): Promise<number> {
  const row = await db
    .insertInto("spec_versions")
    .values({ set_id: set, version: 1, reloaded_at: nowIso(now), reloaded_by: username })
    .onConflict((conflict) =>
      conflict.column("set_id").doUpdateSet({
        version: sql<number>`spec_versions.version + 1`,
        reloaded_at: nowIso(now),
        reloaded_by: username,
      }),
    )
    .returning("version")
    .executeTakeFirstOrThrow();
  return Number(row.version);
}

/**
 * Reloads a set here and, once it loaded and validated, moves its stamp, so that every other process loads
 * it again too; answers the new version. A failure (SpecUnavailableError) leaves the stamp where it was.
 */
export async function reloadSpecEverywhere(set: DocSetId, username: string): Promise<number> {
  let version = 0;
  await reloadSpec(set, async () => (version = await stampSpecReload(set, username)));
  return version;
}

const failures = new Map<DocSetId, RefreshFailure>();

/** One look at the stamps: loads again, one after the other, each set this process holds at an older version. */
export async function syncSpecVersions(now = Date.now()): Promise<void> {
  const stamps = new Map((await readSpecVersions()).map((stamp) => [stamp.set, stamp.version]));
  for (const [set, version] of stamps) noteSpecVersion(set, version);
  for (const { set, version } of setsToRefresh(loadedSpecVersions(), stamps, failures, now)) {
    try {
      await reloadSpec(set, async () => version);
      failures.delete(set);
    } catch (error) {
      if (!(error instanceof SpecUnavailableError)) throw error;
      failures.set(set, { version, retryAt: now + failedRefreshRetryMs });
      console.warn(`Version ${version} of the ${set} specification, reloaded elsewhere, cannot be loaded here: ${error.message}`);
    }
  }
}

/**
 * Follows the stamps in this web process on a timer that does not keep the process running; answers how to
 * stop following, which waits for a look under way.
 */
export function followSpecVersions(everyMs = specCheckEveryMs): () => Promise<void> {
  let current: Promise<void> | null = null;
  const tick = () => {
    current ??= syncSpecVersions()
      .catch((error: unknown) => console.error("Could not follow the specification versions", error))
      .finally(() => {
        current = null;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
