import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { e2eDatabaseUrlFile } from "../../../playwright.config";
import { startPostgresCluster } from "../../support/postgres-cluster";

/**
 * The e2e web server of the PostgreSQL run (E2E_DATABASE=postgres): scripts/serve.mjs on a throwaway cluster.
 * The cluster's port is only known once it runs, after Playwright fixed the server's environment, so its URL goes
 * to a file in the run's data folder, where the fixtures and a second server read it. The cluster stops when the
 * server does.
 */
const cluster = await startPostgresCluster();
fs.mkdirSync(path.dirname(e2eDatabaseUrlFile), { recursive: true });
fs.writeFileSync(e2eDatabaseUrlFile, cluster.url);

// A process group of its own: Playwright signals ours, and the server must get each signal once, from us. Our pipe
// is its standard input, so it also stops when we end without a word (exit-with-launcher.mjs).
const server = spawn(process.execPath, ["--import", "./tests/e2e/support/exit-with-launcher.mjs", "scripts/serve.mjs"], {
  env: { ...process.env, DATABASE_URL: cluster.url },
  stdio: ["pipe", "inherit", "inherit"],
  detached: true,
});
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    server.kill(signal);
    // The whole group, web processes included, within Playwright's wait (playwright.config.ts): the cluster then stops.
    setTimeout(() => process.kill(-server.pid!, "SIGKILL"), 10_000).unref();
  });
}
server.on("exit", (code, signal) => {
  cluster.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
