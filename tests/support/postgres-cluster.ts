import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { findPostgresBin } from "./postgres-bin";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Runs a PostgreSQL binary, as the postgres user when we are root (PostgreSQL refuses to run as root). */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

async function waitForPort(port: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`PostgreSQL did not start on port ${port}`);
}

/** Starts a throwaway PostgreSQL cluster on a loopback port for the run, unless TEST_DATABASE_URL names one. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("postgresUrl", process.env.TEST_DATABASE_URL);
    return;
  }
  const bin = findPostgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (see vitest.config.ts)");

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-pg-"));
  const dataDir = path.join(dir, "data");
  if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  execFileSync(...asPostgresUser(path.join(bin, "initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8"]), {
    stdio: "ignore",
  });
  const [command, args] = asPostgresUser(path.join(bin, "postgres"), [
    "-D", dataDir, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-k", dir, "-c", "fsync=off",
  ]);
  const server: ChildProcess = spawn(command, args, { stdio: "ignore" });
  await waitForPort(port, Date.now() + 30_000);
  project.provide("postgresUrl", `postgres://postgres@127.0.0.1:${port}/postgres`);

  return async () => {
    server.kill("SIGINT");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
