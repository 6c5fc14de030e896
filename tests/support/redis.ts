import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, waitForPort } from "./free-port";

/** Debian's redis-server (the redis-server package); Valkey's valkey-server takes the same arguments. */
export const REDIS_SERVER = "/usr/bin/redis-server";

export function redisInstalled(): boolean {
  return fs.existsSync(REDIS_SERVER);
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A throwaway Redis on a free loopback port, in a temporary folder, keeping nothing on disk: for tests (the
 * limits on Redis, the multi-instance test sharing them). The caller stops it; stop() removes the folder.
 */
export async function startRedisServer(): Promise<RedisServer> {
  if (!redisInstalled()) throw new Error("redis-server is not installed (Debian's redis-server package)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-redis-"));
  const port = await freePort();
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no", "--protected-mode", "yes"];
  const child = spawn(REDIS_SERVER, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, "exit");
  try {
    await waitForPort(port, Date.now() + 15_000, 50, () => `redis-server did not start on port ${port}: ${output}`);
  } catch (error) {
    child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
