#!/usr/bin/env node
/**
 * `npm start`: builds when the build is missing or older than the sources, then serves the production
 * build with scripts/serve.mjs. The server migrates the database and starts the worker (app/modules/server/boot.server.ts).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { buildIfNeeded, localEnv, root } from "./runtime.mjs";

buildIfNeeded();
const env = {
  ...localEnv(),
  PORT: process.env.PORT ?? "3000",
};
const server = spawn(process.execPath, [path.join(root, "scripts/serve.mjs")], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
