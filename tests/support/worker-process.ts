/**
 * A worker in a process of its own, for the test that kills one mid-dump: it serves the same database as
 * the test (DATA_DIR or DATABASE_URL from the environment) with a short lease, and says when it is up.
 */
import { startEngine } from "~/modules/server/engine.server";

startEngine({ pollMs: 50, concurrency: 1, leaseMs: Number(process.env.TEST_WORKER_LEASE_MS ?? 1000) });
process.stdout.write("worker ready\n");
