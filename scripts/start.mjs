#!/usr/bin/env node
/**
 * `npm start`: builds when the build is missing or older than the sources, then serves the production
 * build with remix-serve. The server migrates the database on start (app/entry.server.tsx).
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const serverBuild = path.join(root, "build/server/index.js");
const sources = ["app", "content", "public", "remix.config.js", "vite.config.ts", "package.json"];

function newestChange(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs);
}

function buildIfNeeded() {
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

buildIfNeeded();
const dataDir = path.resolve(root, process.env.DATA_DIR ?? "./data");
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? "production",
  PORT: process.env.PORT ?? "3000",
  DATA_DIR: dataDir,
  SESSION_SECRET: sessionSecret(dataDir),
  // npm start is the local demo: seed the demo accounts unless DEMO_DATA says otherwise.
  DEMO_DATA: process.env.DEMO_DATA ?? "true",
};
const server = spawn(path.join(root, "node_modules/.bin/remix-serve"), ["build/server/index.js"], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
