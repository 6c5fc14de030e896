import { z } from "zod";
import { requiredChoice } from "~/modules/forms/fields";
import { docSets, type DocSetId } from "~/modules/registry/registry";

/** What the admin dashboard (/dashboard/admin/dashboard and /api/admin/dashboard) shows and accepts. */

/** A reload names one documentation set, or all of them. */
export const specReloadTargets: readonly ["all", ...DocSetId[]] = ["all", ...docSets.map((docSet) => docSet.id)];

/** The reload form of the page and the body of POST /api/admin/dashboard. */
export const specReloadSchema = z.object({ set: requiredChoice(specReloadTargets) });

export type SpecReloadTarget = z.infer<typeof specReloadSchema>["set"];

export type SpecReloadOutcome =
  { set: DocSetId; outcome: "reloaded"; version: number } | { set: DocSetId; outcome: "failed"; reason: string };

/** How often the page reads itself again while its tab is visible. */
export const dashboardRefreshMs = 5_000;

export interface SpecRow {
  set: DocSetId;
  /** The version stamp every instance follows; 0 until the first reload. */
  version: number;
  /** The version this instance serves, or null while it has not loaded the set yet. */
  loadedHere: number | null;
  reloadedAt: string | null;
  reloadedBy: string | null;
  /** The spec's texts and tags without a Chinese version, and the translation's pointers naming no text; null when it cannot load. */
  chinese: { untranslated: number; stale: number } | null;
}

export type AgeUnit = "seconds" | "minutes" | "hours" | "days";

/** An age in one whole unit, rounded down: seconds under a minute, minutes under an hour, hours under two days, then days. */
export function ageParts(ms: number): { unit: AgeUnit; count: number } {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return { unit: "seconds", count: seconds };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: "minutes", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: "hours", count: hours };
  return { unit: "days", count: Math.floor(hours / 24) };
}
