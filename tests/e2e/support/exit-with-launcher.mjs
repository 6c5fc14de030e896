import cluster from "node:cluster";

/**
 * Loaded (--import) into the PostgreSQL run's server by its launcher (e2e-server.ts), whose pipe is the server's
 * standard input: when the launcher ends without passing a signal on (killed with SIGKILL), the pipe closes and the
 * server stops as on SIGTERM, instead of living on in its own process group and holding the run's port. Only the
 * primary listens: it stops a cluster's web processes itself.
 */
if (cluster.isPrimary) {
  process.stdin.on("end", () => process.kill(process.pid, "SIGTERM"));
  process.stdin.resume();
}
