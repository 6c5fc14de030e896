/**
 * What `npm start` and `npm run worker` share: a production build that is not older than the sources, and
 * the environment of a local installation (data folder, one generated session secret kept in it).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
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

/** Outside a configured deployment, keep one generated session secret in the data folder. */
function sessionSecret(dataDir) {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join(dataDir, ".session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
    console.log(`Generated a session secret in ${file} (set SESSION_SECRET to choose your own).`);
  }
  return fs.readFileSync(file, "utf8").trim();
}

export function localEnv() {
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? "./data");
  return {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? "production",
    DATA_DIR: dataDir,
    SESSION_SECRET: sessionSecret(dataDir),
  };
}
