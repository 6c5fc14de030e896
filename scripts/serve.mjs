#!/usr/bin/env node
/**
 * The portal's HTTP server: the production build behind the Express layer of
 * app/modules/http/server.server.ts (security headers, cross-site and body-size checks, client address).
 * `npm start`, the end-to-end tests, the benchmark and the Docker image all start it.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { installGlobals } from "@remix-run/node";
import { root, serverBuild } from "./runtime.mjs";

installGlobals({ nativeFetch: true });
const build = await import(pathToFileURL(serverBuild).href);
const app = build.entry.module.createPortalServer({ build, clientDirectory: path.join(root, "build/client") });
const port = Number(process.env.PORT ?? 3000);
const server = process.env.HOST ? app.listen(port, process.env.HOST, listening) : app.listen(port, listening);

function listening() {
  console.log(`Portal listening on http://${process.env.HOST ?? "localhost"}:${port}`);
}
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => server.close());
