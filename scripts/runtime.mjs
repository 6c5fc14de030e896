/**
 * What `npm start` and `npm run worker` share: a production build that is not older than the sources, and
 * the environment of a local installation (data folder, generated session secret and encryption key kept in it).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const serverBuild = path.join(root, "build/server/index.js");
const sources = ["app", "content", "public", "remix.config.js", "vite.config.ts", "package.json"];

function newestChange(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs);
}

export function buildIfNeeded() {
  const built = fs.statSync(serverBuild, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const changed = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
  if (built >= changed) return;
  console.log("Building the portal…");
  const result = spawnSync(path.join(root, "node_modules/.bin/remix"), ["vite:build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The data folder holds password hashes, the outbox and secrets: only its owner may read it. */
function ensureDataDir(dataDir) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { mode } = fs.statSync(dataDir);
  if ((mode & 0o077) === 0) return;
  try {
    fs.chmodSync(dataDir, mode & 0o700);
    console.log(`Made ${dataDir} readable by its owner only.`);
  } catch (error) {
    console.warn(`Could not make ${dataDir} private (${error.message}); other users may read it.`);
  }
}

/** Outside a configured deployment, keep one generated secret per purpose in the data folder (mode 0600). */
function generatedSecret(dataDir, variable, fileName, purpose) {
  if (process.env[variable]) return process.env[variable];
  const file = path.join(dataDir, fileName);
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    console.log(`Generated ${purpose} in ${file} (set ${variable} to choose your own).`);
  }
  return fs.readFileSync(file, "utf8").trim();
}

export function localEnv() {
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? "./data");
  ensureDataDir(dataDir);
  return {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? "production",
    DATA_DIR: dataDir,
    SESSION_SECRET: generatedSecret(dataDir, "SESSION_SECRET", ".session-secret", "a session secret"),
    // Separate from the session secret, so a leaked or rotated session secret leaves stored FTP passwords sealed.
    ENCRYPTION_KEY: generatedSecret(dataDir, "ENCRYPTION_KEY", ".encryption-key", "an encryption key"),
  };
}

/**
 * How many web processes `npm start` runs: WEB_CONCURRENCY, or one per core. A value that is not a whole number
 * from 1 to 64 stops the start with a message rather than quietly serving from one process.
 */
export function webConcurrency(value, cores = os.availableParallelism()) {
  if (value === undefined || value.trim() === "") return Math.max(1, Math.min(cores, 64));
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 64) {
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${value}")`);
  }
  return count;
}

/** What every bench server shares: production mode, loopback, fixed secrets and a small catalog. */
export const benchEnvironment = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  SESSION_SECRET: "bench-session-secret-long-enough-for-the-check",
  ENCRYPTION_KEY: "bench-encryption-key-long-enough-and-distinct",
  DEMO_DATA: "false",
  CATALOG_SERIES: "200",
  CATALOG_COMPANIES: "50",
  CATALOG_DOCUMENTS: "50",
};

/**
 * Serves the production build (built first if missing) for a benchmark on a loopback port, with the bench
 * environment plus `env`, and waits until /healthz answers; start-up migrates and seeds a fresh database, so
 * it may take minutes on a busy machine. stop() ends it (every web process of a cluster).
 */
export async function startBenchServer({ port, dataDir, env = {} }) {
  if (!fs.existsSync(serverBuild)) {
    const result = spawnSync(path.join(root, "node_modules/.bin/remix"), ["vite:build"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const base = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: options for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/profiles" to see where its CPU goes.
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const server = spawn(process.execPath, [...nodeArgs, path.join(root, "scripts/serve.mjs")], {
    cwd: root,
    stdio: "ignore",
    env: { ...process.env, ...benchEnvironment, PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, ...env },
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill("SIGTERM");
    const timer = setTimeout(() => server.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  for (let attempt = 0; attempt < 900; attempt++) {
    if (server.exitCode !== null) throw new Error(`the bench server stopped at start-up (code ${server.exitCode})`);
    const ready = await fetch(`${base}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { base, pid: server.pid, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`${base} did not answer /healthz within three minutes`);
}
