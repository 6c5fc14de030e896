/**
 * The running processes of the portal as the admin dashboard shows them: web servers and workers each say
 * they are alive every heartbeat; one that has not for three heartbeats is stale (stopped without saying so,
 * or hung), and its row goes after a day.
 */

export const instanceKinds = ["web", "worker"] as const;
export type InstanceKind = (typeof instanceKinds)[number];

/** How often every process says it is alive. */
export const heartbeatEveryMs = 10_000;
/** No heartbeat for longer than this: the instance is shown as stale. */
export const staleAfterMs = 3 * heartbeatEveryMs;
/** /healthz counts a worker alive while it has been seen within this. */
export const workerAliveWithinMs = 6 * heartbeatEveryMs;
/** A stale instance stays listed this long after its last heartbeat; then its row is removed. */
export const instanceKeptMs = 24 * 60 * 60 * 1000;

export type InstanceState = "live" | "stale";

export interface InstanceRow {
  id: string;
  kind: string;
  version: string | null;
  started: string;
  seen: string;
  seenAgoMs: number;
  state: InstanceState;
  /** Jobs the instance holds now; null for web servers, which run none. */
  jobsRunning: number | null;
  /** Whether it is the process that answers this request (its web server, or its embedded worker). */
  here: boolean;
}

/** Live while its last heartbeat is at most three intervals old; a clock a little ahead counts as live. */
export function instanceState(seenAt: string, now: Date): InstanceState {
  return now.getTime() - Date.parse(seenAt) > staleAfterMs ? "stale" : "live";
}

/** What the dashboard shows as an instance's version: "1.2.0 (abc1234)", either part alone, or null when neither is known. */
export function versionLabel(packageVersion: string | null, commit: string | null): string | null {
  const short = commit ? commit.slice(0, 7) : null;
  if (packageVersion && short) return `${packageVersion} (${short})`;
  return packageVersion ?? short;
}

/** The commit a git HEAD file names: its own hash when detached, otherwise the ref to look up. */
export function readGitHead(head: string): { commit: string } | { ref: string } | null {
  const text = head.trim();
  if (/^[0-9a-f]{40}$/.test(text)) return { commit: text };
  const ref = /^ref: (refs\/[\w./-]+)$/.exec(text)?.[1];
  return ref ? { ref } : null;
}

/** A ref's commit in a packed-refs file ("<hash> <ref>" lines), or null. */
export function findPackedRef(packedRefs: string, ref: string): string | null {
  for (const line of packedRefs.split("\n")) {
    const [hash, name] = line.trim().split(" ");
    if (name === ref && hash && /^[0-9a-f]{40}$/.test(hash)) return hash;
  }
  return null;
}
