#!/usr/bin/env node
/**
 * The portal's HTTP server: the production build behind the Express layer of
 * app/modules/server/http-server.server.ts (security headers, cross-site and body-size checks, client address).
 * `npm start`, the end-to-end tests, the benchmark and the Docker image all start it.
 *
 * With WEB_CONCURRENCY above 1 (the default is one per core) it is a node:cluster primary: it forks that many
 * web processes sharing the port. The first one migrates and seeds the database and runs the embedded worker
 * (unless WORKER=off); the others start once it listens, with WORKER=off, so no two processes migrate at once
 * and jobs keep the worker count the deployment chose. A process that dies is forked again in the same role.
 */
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { installGlobals } from "@remix-run/node";
import { root, serverBuild, webConcurrency } from "./runtime.mjs";

const processes = (() => {
  try {
    return webConcurrency(process.env.WEB_CONCURRENCY);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
})();
if (processes > 1 && cluster.isPrimary) await runPrimary(processes);
else await serve();

async function serve() {
  installGlobals({ nativeFetch: true });
  const build = await import(pathToFileURL(serverBuild).href);
  const app = build.entry.module.createPortalServer({ build, clientDirectory: path.join(root, "build/client") });
  const port = Number(process.env.PORT ?? 3000);
  const listening = () => {
    if (cluster.isPrimary) console.log(`Portal listening on http://${process.env.HOST ?? "localhost"}:${port}`);
  };
  const server = process.env.HOST ? app.listen(port, process.env.HOST, listening) : app.listen(port, listening);
  build.entry.module.answerConnectRequests(server, app);
  // With the embedded worker, boot.server.ts ends the process once the worker has stopped its jobs. A second
  // signal (a terminal's Ctrl-C reaches a cluster's processes and their primary, which passes it on) changes nothing.
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      server.close(() => process.env.WORKER === "off" && process.exit(0));
      server.closeIdleConnections();
    });
  }
}

async function runPrimary(count) {
  const roles = new Map();
  let stopping = false;
  const fork = (role) => {
    const child = cluster.fork(role === "first" ? {} : { WORKER: "off" });
    roles.set(child.id, role);
    return child;
  };
  cluster.on("exit", (child, code, signal) => {
    const role = roles.get(child.id);
    roles.delete(child.id);
    if (stopping) {
      if (roles.size === 0) process.exit(0);
      return;
    }
    console.error(`Web process ${child.process.pid} stopped (${signal ?? `code ${code}`}); starting another.`);
    setTimeout(() => stopping || fork(role), 1000).unref();
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      if (roles.size === 0) process.exit(0);
      for (const child of Object.values(cluster.workers ?? {})) child?.process.kill(signal);
      setTimeout(() => process.exit(1), 15_000).unref();
    });
  }
  const first = fork("first");
  const port = await new Promise((resolve, reject) => {
    first.once("listening", (address) => resolve(address.port));
    first.once("exit", (code) => reject(new Error(`The first web process stopped at start-up (code ${code})`)));
  }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
  for (let index = 1; index < count; index += 1) fork("more");
  console.log(`Portal listening on http://${process.env.HOST ?? "localhost"}:${port} (${count} web processes)`);
}
