/** One job kind's line in a summary of the queue (the admin dashboard's queues table). */
export interface QueueRow {
  kind: string;
  queued: number;
  running: number;
  /** Jobs that failed for good within the last 24 hours. */
  failed: number;
  /** How long the oldest due job has been waiting; null when none waits. */
  oldestWaitingMs: number | null;
}

/**
 * Every registered job kind (even with nothing queued) and every kind the table holds, in name order; a
 * registered kind without rows counts zero.
 */
export function mergeQueueRows(registered: readonly string[], counted: readonly QueueRow[]): QueueRow[] {
  const byKind = new Map(counted.map((row) => [row.kind, row]));
  const kinds = [...new Set([...registered, ...byKind.keys()])].sort();
  return kinds.map((kind) => byKind.get(kind) ?? { kind, queued: 0, running: 0, failed: 0, oldestWaitingMs: null });
}
