/**
 * `npm run test:e2e` after the build: the browser suite on both databases, within the CI time budget. Every test
 * runs on both in some form, and none runs twice without a reason:
 * - on SQLite, the HTTP tests (project api), the pages without JavaScript (no-js), and the pages with
 *   JavaScript whose tests are tagged @no-db;
 * - on a throwaway PostgreSQL cluster (E2E_DATABASE=postgres), the pages with JavaScript (js) and the HTTP tests,
 *   except those tagged @no-db.
 * @no-db marks tests whose outcome does not depend on the server's database: documentation, downloads, search,
 * the runs of the documentation's samples. Arguments go to both runs (e.g. --reporter=line). Both runs go on
 * when the first fails; the exit code is the first failure's. Run with tsx (package.json's test:e2e).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { findPostgresBin } from "../../support/postgres-bin.ts";

const playwright = path.join("node_modules", ".bin", "playwright");
const port = Number(process.env.E2E_PORT ?? 3210);
const runs = [
  { name: "SQLite", env: { E2E_PORT: String(port) }, args: ["--grep", "^(api|no-js) |@no-db"] },
  {
    name: "PostgreSQL",
    env: { E2E_DATABASE: "postgres", E2E_PORT: String(port + 1) },
    args: ["--project=js", "--project=api", "--grep-invert", "@no-db"],
  },
];

// As in vitest.config.ts: without PostgreSQL installed its run is left out, unless REQUIRE_POSTGRES=1 (CI).
if (!findPostgresBin()) {
  if (process.env.REQUIRE_POSTGRES === "1") {
    console.error("REQUIRE_POSTGRES=1 but PostgreSQL is not installed");
    process.exit(1);
  }
  console.warn("PostgreSQL is not installed: the browser suite's PostgreSQL run is left out.");
  runs.pop();
}

let exitCode = 0;
const summary = [];
for (const run of runs) {
  const started = Date.now();
  const { status } = spawnSync(playwright, ["test", ...run.args, ...process.argv.slice(2)], {
    env: { ...process.env, ...run.env },
    stdio: "inherit",
  });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  summary.push(`${run.name}: ${status === 0 ? "passed" : "failed"} in ${minutes} min`);
  if (exitCode === 0 && status !== 0) exitCode = status ?? 1;
}
console.log(`\nEnd-to-end runs: ${summary.join("; ")}`);
process.exit(exitCode);
