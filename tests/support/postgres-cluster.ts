import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { findPostgresBin } from "./postgres-bin";
import { freePort, waitForPort } from "./free-port";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** Runs a PostgreSQL binary, as the postgres user when we are root (PostgreSQL refuses to run as root). */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

export interface PostgresCluster {
  url: string;
  stop(): void;
}

/**
 * A throwaway PostgreSQL cluster on a free loopback port, without durability (fsync off): for tests and benches.
 * The caller stops it; stop() removes its files.
 */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = findPostgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (Debian's postgresql package)");

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-pg-"));
  const dataDir = path.join(dir, "data");
  if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const run = (binary: string, args: string[]) =>
    execFileSync(...asPostgresUser(path.join(bin, binary), args), { stdio: "ignore", timeout: 60_000 });
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off -c max_connections=200`;
  run("pg_ctl", ["start", "-w", "-D", dataDir, "-o", options, "-l", path.join(dir, "server.log")]);
  await waitForPort(port, Date.now() + 30_000, 200, () => `PostgreSQL did not start on port ${port}`);
  const stopCommand = asPostgresUser(path.join(bin, "pg_ctl"), ["stop", "-w", "-D", dataDir, "-m", "immediate"]);
  const watcher = stopWhenWeEnd(stopCommand, dir);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      watcher.kill();
      run("pg_ctl", ["stop", "-w", "-D", dataDir, "-m", "immediate"]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * pg_ctl leaves the cluster running on its own, so a process killed before it could call stop() (a SIGKILL, a
 * crash) would leave it behind with its files. A detached watcher reads a pipe from this process and, when the pipe
 * closes with this process, stops the cluster and removes its folder; stop() ends the watcher first.
 */
function stopWhenWeEnd([command, args]: [string, string[]], dir: string) {
  const script = `
    const { execFileSync } = require("node:child_process");
    process.stdin.on("end", () => {
      try { execFileSync(${JSON.stringify(command)}, ${JSON.stringify(args)}, { stdio: "ignore", timeout: 60000 }); } catch {}
      require("node:fs").rmSync(${JSON.stringify(dir)}, { recursive: true, force: true });
    });
    process.stdin.resume();`;
  const watcher = spawn(process.execPath, ["-e", script], { detached: true, stdio: ["pipe", "ignore", "ignore"] });
  // Neither the watcher nor its pipe keeps this process alive.
  watcher.unref();
  (watcher.stdin as unknown as { unref(): void }).unref();
  return watcher;
}

/** vitest's global set-up for the postgres project: one cluster for the run, unless TEST_DATABASE_URL names one. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("postgresUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  const cluster = await startPostgresCluster();
  project.provide("postgresUrl", cluster.url);
  return () => cluster.stop();
}
