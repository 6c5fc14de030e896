#!/usr/bin/env node
/**
 * `npm run worker`: a background worker on its own, beside web servers started with WORKER=off. Loading
 * the server build boots the app (migrations, catalog, worker) without serving HTTP; any number of workers
 * can run against the same database, and no two run the same job.
 */
import { spawn } from "node:child_process";
import { buildIfNeeded, localEnv, root, serverBuild } from "./runtime.mjs";

buildIfNeeded();
const env = { ...localEnv(), WORKER: "embedded" };
const worker = spawn(
  process.execPath,
  ["--input-type=module", "-e", `await import(${JSON.stringify(serverBuild)}); console.log("Worker started.");`],
  {
    cwd: root,
    env,
    stdio: "inherit",
  },
);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => worker.kill(signal));
worker.on("exit", (code) => process.exit(code ?? 0));
