/**
 * `npm test`: the stages in order (provision, lint, typecheck, vitest, build, the browser suite on SQLite and on
 * PostgreSQL as tests/e2e/support/run-e2e.mjs defines them), stopping at the first that fails with its exit code,
 * except that both browser runs go on when the first fails. At the end, pass or fail, a summary of where the
 * time went (scripts/test-summary.mjs). Arguments are path filters for vitest and both browser runs, for a
 * quick look at the summary (`npm test -- scripts/provision tests/e2e/sitemap`); the other stages run in full.
 * Run with tsx (package.json's test).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { e2eRuns, planOnThisMachine, runPlaywright } from "../tests/e2e/support/run-e2e.mjs";
import { playwrightCounts, playwrightFileTimes, summaryLines, vitestCounts, vitestFileTimes } from "./test-summary.mjs";

const reportsDir = path.join(".tmp", "test-reports");

/**
 * @typedef {{ name: string, group?: string, run: () => number | "left out",
 *   report?: { file: string, times: (report: any) => import("./test-summary.mjs").FileTime[],
 *     counts: (report: any) => import("./test-summary.mjs").Counts } }} Stage
 */

/**
 * After a failure only the stages of the failed stages' group still run (the two browser runs).
 * @param {Stage} stage
 * @param {Stage[]} failed
 */
export function shouldRun(stage, failed) {
  return failed.every((failure) => stage.group !== undefined && failure.group === stage.group);
}

function exitCodeOf(file, args) {
  return spawnSync(file, args, { stdio: "inherit" }).status ?? 1;
}

const npmRun = (script, args = []) => exitCodeOf("npm", ["run", script, ...(args.length > 0 ? ["--", ...args] : [])]);

/**
 * @param {string[]} filters
 * @returns {Stage[]}
 */
export function stages(filters) {
  const vitestReport = path.join(reportsDir, "vitest.json");
  return [
    { name: "provision", run: () => exitCodeOf("node", ["scripts/provision.mjs"]) },
    { name: "lint", run: () => npmRun("lint") },
    { name: "typecheck", run: () => npmRun("typecheck") },
    {
      name: "vitest",
      report: { file: vitestReport, times: vitestFileTimes, counts: vitestCounts },
      run: () =>
        npmRun("test:vitest", [
          "--reporter=default",
          "--reporter=./scripts/vitest-file-times.ts",
          `--outputFile.fileTimes=${vitestReport}`,
          ...(filters.length > 0 ? ["--passWithNoTests", ...filters] : []),
        ]),
    },
    { name: "build", run: () => npmRun("build") },
    ...e2eRuns().map((e2eRun) => {
      const name = `e2e ${e2eRun.name}`;
      const file = path.join(reportsDir, `${name.replace(" ", "-").toLowerCase()}.json`);
      return {
        name,
        group: "e2e",
        report: { file, times: (report) => playwrightFileTimes(report, name, process.cwd()), counts: playwrightCounts },
        run: () => {
          // Whether PostgreSQL is there is known only after provisioning.
          const plan = planOnThisMachine(e2eRun);
          if (plan.kind === "skip") {
            console.warn(plan.message);
            return "left out";
          }
          if (plan.kind === "fail") {
            console.error(plan.message);
            return 1;
          }
          const args = ["--reporter=list,json", ...(filters.length > 0 ? ["--pass-with-no-tests", ...filters] : [])];
          return runPlaywright(e2eRun, args, { PLAYWRIGHT_JSON_OUTPUT_FILE: path.resolve(file) });
        },
      };
    }),
  ];
}

/** A runner's report, or undefined when the runner wrote none (or stopped while writing it). */
function readReport(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function main() {
  fs.rmSync(reportsDir, { recursive: true, force: true });
  const results = [];
  const times = [];
  const failed = [];
  let exitCode = 0;
  for (const stage of stages(process.argv.slice(2))) {
    if (!shouldRun(stage, failed)) {
      results.push({ name: stage.name, status: "not run" });
      continue;
    }
    const started = Date.now();
    const outcome = stage.run();
    const durationMs = Date.now() - started;
    if (outcome === "left out") {
      results.push({ name: stage.name, status: outcome, durationMs });
      continue;
    }
    const result = { name: stage.name, status: outcome === 0 ? "ok" : "failed", exitCode: outcome, durationMs };
    if (outcome !== 0) {
      failed.push(stage);
      exitCode ||= outcome;
    }
    const report = stage.report && readReport(stage.report.file);
    if (report) {
      times.push(...stage.report.times(report));
      result.counts = stage.report.counts(report);
    } else if (stage.report) {
      result.missingReport = true;
    }
    results.push(result);
  }
  console.log(summaryLines(results, times).join("\n"));
  process.exit(exitCode);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
