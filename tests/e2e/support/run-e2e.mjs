/**
 * `npm run test:e2e` after the build: the browser suite on both databases, within the CI time budget. Every test
 * runs on both in some form, and none runs twice without a reason:
 * - on SQLite, the HTTP tests (project api), the pages without JavaScript (no-js), and the pages with
 *   JavaScript whose tests are tagged @no-db;
 * - on a throwaway PostgreSQL cluster (E2E_DATABASE=postgres), the pages with JavaScript (js) and the HTTP tests,
 *   except those tagged @no-db.
 * @no-db marks tests whose outcome does not depend on the server's database: documentation, downloads, search,
 * the runs of the documentation's samples. Arguments go to both runs (e.g. --reporter=line). Both runs go on
 * when the first fails; the exit code is the first failure's. Run with tsx (package.json's test:e2e); `npm test`
 * (scripts/test.mjs) runs the same two runs as stages of its own.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { findPostgresBin } from "../../support/postgres-bin.ts";

/** @typedef {{ name: string, postgres: boolean, env: Record<string, string>, args: string[] }} E2eRun */

/**
 * The two runs. E2E_SHARE splits the fuzz's generated requests between them (tests/e2e/fuzz.api.spec.ts): SQLite
 * sends every third, PostgreSQL the rest (the SQLite run carries the @no-db tests and ends last; its share of the fuzz
 * took it twice as long as PostgreSQL's), so every route meets both databases and each request is sent once; without
 * PostgreSQL on the machine the SQLite run sends them all.
 * @returns {E2eRun[]}
 */
export function e2eRuns(port = Number(process.env.E2E_PORT ?? 3210), { postgresRuns = Boolean(findPostgresBin()) } = {}) {
  return [
    {
      name: "SQLite",
      postgres: false,
      env: { E2E_PORT: String(port), E2E_SHARE: postgresRuns ? "1/3" : "1/1" },
      args: ["--grep", "^(api|no-js) |@no-db"],
    },
    {
      name: "PostgreSQL",
      postgres: true,
      env: { E2E_DATABASE: "postgres", E2E_PORT: String(port + 1), E2E_SHARE: "2,3/3" },
      args: ["--project=js", "--project=api", "--grep-invert", "@no-db"],
    },
  ];
}

/**
 * As in vitest.config.ts: without PostgreSQL installed its run is left out, unless REQUIRE_POSTGRES=1 (CI).
 * @param {E2eRun} run
 * @returns {{ kind: "run" } | { kind: "skip" | "fail", message: string }}
 */
export function runPlan(run, { postgresInstalled, requirePostgres }) {
  if (!run.postgres || postgresInstalled) return { kind: "run" };
  if (requirePostgres) return { kind: "fail", message: "REQUIRE_POSTGRES=1 but PostgreSQL is not installed" };
  return { kind: "skip", message: "PostgreSQL is not installed: the browser suite's PostgreSQL run is left out." };
}

/** @param {E2eRun} run */
export function planOnThisMachine(run) {
  return runPlan(run, { postgresInstalled: Boolean(findPostgresBin()), requirePostgres: process.env.REQUIRE_POSTGRES === "1" });
}

/**
 * Runs Playwright for one run, its output on the console; answers the exit code.
 * @param {E2eRun} run
 */
export function runPlaywright(run, extraArgs = [], extraEnv = {}) {
  const { status } = spawnSync(path.join("node_modules", ".bin", "playwright"), ["test", ...run.args, ...extraArgs], {
    env: { ...process.env, ...run.env, ...extraEnv },
    stdio: "inherit",
  });
  return status ?? 1;
}

function main() {
  const runs = [];
  for (const run of e2eRuns()) {
    const plan = planOnThisMachine(run);
    if (plan.kind === "fail") {
      console.error(plan.message);
      process.exit(1);
    }
    if (plan.kind === "skip") console.warn(plan.message);
    else runs.push(run);
  }
  let exitCode = 0;
  const summary = [];
  for (const run of runs) {
    const started = Date.now();
    const status = runPlaywright(run, process.argv.slice(2));
    const minutes = ((Date.now() - started) / 60_000).toFixed(1);
    summary.push(`${run.name}: ${status === 0 ? "passed" : "failed"} in ${minutes} min`);
    if (exitCode === 0 && status !== 0) exitCode = status;
  }
  console.log(`\nEnd-to-end runs: ${summary.join("; ")}`);
  process.exit(exitCode);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
