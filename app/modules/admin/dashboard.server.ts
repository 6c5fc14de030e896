import { recentAdminActions, recordAdminAction } from "~/modules/audit/audit.server";
import type { AdminActionEntry } from "~/modules/audit/audit";
import type { CurrentUser } from "~/modules/auth/users.server";
import { getDocSetData, loadedSpecVersions, SpecUnavailableError } from "~/modules/docs/routing-data.server";
import { readSpecVersions, reloadSpecEverywhere } from "~/modules/docs/spec-versions.server";
import type { InstanceRow } from "~/modules/instances/instances";
import { listInstances } from "~/modules/instances/instances.server";
import { mergeQueueRows, type QueueRow } from "~/modules/jobs/queue-summary";
import { countQueues } from "~/modules/jobs/queue-summary.server";
import { docSets } from "~/modules/registry/registry";
import type { SpecReloadOutcome, SpecReloadTarget, SpecRow } from "./dashboard";

export interface AdminDashboard {
  generatedAt: string;
  instances: InstanceRow[];
  queues: QueueRow[];
  specifications: SpecRow[];
  audit: AdminActionEntry[];
}

/**
 * Everything the dashboard shows, as of `now`: instances, queues, specification versions, the latest admin
 * actions. The route passes the worker's job kinds, so a kind with nothing queued still has its row.
 */
export async function loadAdminDashboard(jobKinds: readonly string[], now = new Date()): Promise<AdminDashboard> {
  const [instances, counted, versions, audit, chinese] = await Promise.all([
    listInstances(now),
    countQueues(now),
    readSpecVersions(),
    recentAdminActions(),
    Promise.all(
      docSets.map(({ id }) =>
        getDocSetData(id).then(
          ({ zh }) => zh,
          () => null,
        ),
      ),
    ),
  ]);
  const loaded = loadedSpecVersions();
  const specifications = docSets.map(({ id }, index): SpecRow => {
    const stamp = versions.find((version) => version.set === id);
    const zh = chinese[index];
    return {
      set: id,
      version: stamp?.version ?? 0,
      loadedHere: loaded.get(id) ?? null,
      reloadedAt: stamp?.reloadedAt ?? null,
      reloadedBy: stamp?.reloadedBy ?? null,
      chinese: zh ? { untranslated: zh.untranslated.length + zh.untranslatedTags.length, stale: zh.stale.length } : null,
    };
  });
  return {
    generatedAt: now.toISOString(),
    instances,
    queues: mergeQueueRows(jobKinds, counted),
    specifications,
    audit,
  };
}

/**
 * Reloads one set's specification or all of them, one after the other, each recorded in the audit trail: a
 * set that loads and validates is served here at once and by every other instance within seconds; one that
 * fails leaves the loaded one in service.
 */
export async function reloadSpecifications(
  admin: Pick<CurrentUser, "id" | "username">,
  target: SpecReloadTarget,
): Promise<SpecReloadOutcome[]> {
  const sets = target === "all" ? docSets.map((docSet) => docSet.id) : [target];
  const outcomes: SpecReloadOutcome[] = [];
  for (const set of sets) {
    let outcome: SpecReloadOutcome;
    try {
      outcome = { set, outcome: "reloaded", version: await reloadSpecEverywhere(set, admin.username) };
    } catch (error) {
      if (!(error instanceof SpecUnavailableError)) throw error;
      outcome = { set, outcome: "failed", reason: error.message };
    }
    await recordAdminAction(admin, { action: "spec-reload", target: set, details: { outcome: outcome.outcome } });
    outcomes.push(outcome);
  }
  return outcomes;
}
