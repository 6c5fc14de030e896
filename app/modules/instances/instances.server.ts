import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import {
  findPackedRef,
  heartbeatEveryMs,
  instanceKeptMs,
  instanceState,
  readGitHead,
  versionLabel,
  type InstanceKind,
  type InstanceRow,
} from "./instances";

/** The web server and the embedded worker of one process share this prefix of their ids. */
const processPrefix = `${os.hostname()}:${process.pid}:`;

export function newInstanceId(): string {
  return `${processPrefix}${randomUUID().slice(0, 8)}`;
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** The commit checked out in the working folder, read from .git without running git; null in an image without it. */
function gitCommit(root: string): string | null {
  let gitDir = path.join(root, ".git");
  const pointer = readText(gitDir);
  // A worktree's .git is a file naming its folder; refs then live in the common folder.
  if (pointer?.startsWith("gitdir: ")) gitDir = path.resolve(root, pointer.slice("gitdir: ".length).trim());
  const head = readGitHead(readText(path.join(gitDir, "HEAD")) ?? "");
  if (!head) return null;
  if ("commit" in head) return head.commit;
  const common = path.resolve(gitDir, (readText(path.join(gitDir, "commondir")) ?? ".").trim());
  return readText(path.join(common, head.ref))?.trim() ?? findPackedRef(readText(path.join(common, "packed-refs")) ?? "", head.ref);
}

const packageSchema = z.object({ version: z.string().optional() });

function packageVersion(root: string): string | null {
  try {
    return packageSchema.parse(JSON.parse(readText(path.join(root, "package.json")) ?? "{}")).version ?? null;
  } catch {
    return null;
  }
}

let version: string | null | undefined;

/** This process's version, read once: every script starts the portal in its root folder. */
function appVersion(): string | null {
  version ??= versionLabel(packageVersion(process.cwd()), gitCommit(process.cwd()));
  return version;
}

export interface InstanceIdentity {
  id: string;
  kind: InstanceKind;
  startedAt: string;
}

/** Says the instance is alive (registering it the first time) and removes instances not seen for a day. */
export async function recordHeartbeat(instance: InstanceIdentity, now = new Date()): Promise<void> {
  const seen = nowIso(now);
  await db
    .insertInto("instances")
    .values({ id: instance.id, kind: instance.kind, version: appVersion(), started_at: instance.startedAt, seen_at: seen })
    .onConflict((conflict) => conflict.column("id").doUpdateSet({ seen_at: seen }))
    .execute();
  await db
    .deleteFrom("instances")
    .where("seen_at", "<", nowIso(new Date(now.getTime() - instanceKeptMs)))
    .execute();
}

/** An instance that stops cleanly leaves the list at once; only those that vanish are shown as stale. */
export async function removeInstance(id: string): Promise<void> {
  await db.deleteFrom("instances").where("id", "=", id).execute();
}

/** Whether an instance of this kind has said it is alive since `since`. */
export async function instanceSeenSince(kind: InstanceKind, since: Date): Promise<boolean> {
  const recent = await db
    .selectFrom("instances")
    .select("id")
    .where("kind", "=", kind)
    .where("seen_at", ">=", nowIso(since))
    .limit(1)
    .executeTakeFirst();
  return recent !== undefined;
}

/** Every instance seen within the last day, web servers first, each with the jobs it is running. */
export async function listInstances(now = new Date()): Promise<InstanceRow[]> {
  const [rows, running] = await Promise.all([
    db
      .selectFrom("instances")
      .selectAll()
      .where("seen_at", ">=", nowIso(new Date(now.getTime() - instanceKeptMs)))
      .orderBy("kind")
      .orderBy("started_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("jobs")
      .select(({ fn }) => ["locked_by", fn.countAll<number>().as("jobs")])
      .where("status", "=", "running")
      .where("locked_by", "is not", null)
      .groupBy("locked_by")
      .execute(),
  ]);
  const jobsOf = new Map(running.map((row) => [row.locked_by, Number(row.jobs)]));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    version: row.version,
    started: row.started_at,
    seen: row.seen_at,
    seenAgoMs: Math.max(0, now.getTime() - Date.parse(row.seen_at)),
    state: instanceState(row.seen_at, now),
    jobsRunning: row.kind === "worker" ? (jobsOf.get(row.id) ?? 0) : null,
    here: row.id.startsWith(processPrefix),
  }));
}

/**
 * Registers this process as a web server and says it is alive every heartbeat, on a timer that does not
 * keep the process running; a SIGTERM or SIGINT takes it off the list.
 */
export function startWebInstance(): void {
  const instance: InstanceIdentity = { id: newInstanceId(), kind: "web", startedAt: nowIso() };
  const beat = () => {
    recordHeartbeat(instance).catch((error: unknown) => console.error(`[instance ${instance.id}] heartbeat failed`, error));
  };
  beat();
  const timer = setInterval(beat, heartbeatEveryMs);
  timer.unref();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      clearInterval(timer);
      removeInstance(instance.id).catch(() => undefined);
    });
  }
}
