import os from "node:os";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { findPostgresBin } from "./tests/support/postgres-bin";

/**
 * unit: pure functions beside their code. sqlite / postgres: the same integration tests, each file on a
 * freshly migrated database of that dialect. PostgreSQL comes from TEST_DATABASE_URL or a throwaway
 * cluster; without PostgreSQL installed that project is left out, unless REQUIRE_POSTGRES=1 (CI).
 */
const integration = { include: ["tests/integration/**/*.test.ts"], testTimeout: 20_000, hookTimeout: 60_000 };
const postgresAvailable = Boolean(process.env.TEST_DATABASE_URL || findPostgresBin());
if (!postgresAvailable && process.env.REQUIRE_POSTGRES === "1") {
  throw new Error("REQUIRE_POSTGRES=1 but PostgreSQL is not installed and TEST_DATABASE_URL is not set");
}
if (!postgresAvailable) console.warn("PostgreSQL is not installed: the postgres integration tests are left out.");

const projects: TestProjectInlineConfiguration[] = [
  { extends: true, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/support/**/*.test.ts"] } },
  { extends: true, test: { name: "sqlite", ...integration, setupFiles: ["tests/support/setup-sqlite.ts"] } },
];
/**
 * Integration files that open no database (an Express middleware, the docs engine, delivery's host rules, an upstream
 * on loopback): the postgres project leaves them to the sqlite one. tests/support/database-free.test.ts keeps the
 * list honest.
 */
export const databaseFreeFiles = [
  "client-address",
  "data-api-upstream",
  "delivery-hosts",
  "doc-content",
  "release-notes",
  "routing-data",
].map((name) => `tests/integration/${name}.test.ts`);
if (postgresAvailable) {
  projects.push({
    extends: true,
    test: {
      name: "postgres",
      ...integration,
      exclude: databaseFreeFiles,
      globalSetup: ["tests/support/postgres-cluster.ts"],
      setupFiles: ["tests/support/setup-postgres.ts"],
    },
  });
}

/**
 * Three files per core: the integration files mostly wait (databases, the worker, mail, FTP, SFTP and webhook servers
 * on loopback). With two per core a seventh of the CPU still sat idle; three took the run from 3m52 to 3m15 on 2 cores.
 */
const maxWorkers = Math.min(8, 3 * os.availableParallelism());

export default defineConfig({ plugins: [tsconfigPaths()], test: { projects, maxWorkers } });
