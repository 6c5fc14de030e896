/**
 * `npm test`: the stages in order (provisioning's check; installing what is missing, lint, typecheck and the build
 * side by side; vitest; the browser suite on SQLite and on PostgreSQL side by side, as
 * tests/e2e/support/run-e2e.mjs defines the two runs), stopping after the first step that fails with its exit code, except that both browser runs go on when the first fails. At the end, pass or fail, a
 * summary of where the time went (scripts/test-summary.mjs). Arguments are path filters for vitest and both
 * browser runs, for a quick look at the summary (`npm test -- scripts/provision tests/e2e/sitemap`); the other
 * stages run in full. Run with tsx (package.json's test).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { e2eRuns, planOnThisMachine } from "../tests/e2e/support/run-e2e.mjs";
import { formatDuration, playwrightCounts, playwrightFileTimes, summaryLines, vitestCounts, vitestFileTimes } from "./test-summary.mjs";

const reportsDir = path.join(".tmp", "test-reports");

/**
 * A stage's `run` gets `buffered` when it runs beside others: its output is then collected and printed in one
 * piece when it ends, not interleaved with theirs.
 * @typedef {{ buffered: boolean }} RunOptions
 * @typedef {{ name: string, group?: string, together?: string,
 *   run: (options: RunOptions) => Promise<number | "left out">,
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

/**
 * The stages as steps: consecutive stages with the same `together` run side by side as one step (lint, typecheck
 * and the build read the sources and write nothing another reads; each is mostly one core's work, on a machine
 * with two; the two browser runs each have their own port, server, database and output folder).
 * @param {Stage[]} all
 * @returns {Stage[][]}
 */
export function steps(all) {
  /** @type {Stage[][]} */
  const grouped = [];
  for (const stage of all) {
    const last = grouped.at(-1);
    if (last && stage.together !== undefined && last[0]?.together === stage.together) last.push(stage);
    else grouped.push([stage]);
  }
  return grouped;
}

/**
 * Runs a command and answers its exit code, its output on the console, or with `buffered` printed in one piece
 * under the stage's name when it ends.
 * @param {string} name
 * @param {string} file
 * @param {string[]} args
 * @param {RunOptions} options
 * @returns {Promise<number>}
 */
function exitCodeOf(name, file, args, { buffered }, env = process.env) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(file, args, { env, stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit" });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      const exitCode = code ?? 1;
      if (buffered) {
        const outcome = exitCode === 0 ? "ok" : `failed (exit ${exitCode})`;
        process.stdout.write(`\n── ${name}: ${outcome} in ${formatDuration(Date.now() - started)} ──\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve(exitCode);
    });
  });
}

/** @param {RunOptions} options */
const npmRun = (script, args, options) => exitCodeOf(script, "npm", ["run", script, ...(args.length > 0 ? ["--", ...args] : [])], options);

/**
 * @param {string[]} filters
 * @returns {Stage[]}
 */
export function stages(filters) {
  const vitestReport = path.join(reportsDir, "vitest.json");
  return [
    // Whether what the suite needs can be had is known within seconds; installing it (minutes of downloads on a
    // fresh machine) runs beside the checks, which need none of it.
    { name: "provision", run: (options) => exitCodeOf("provision", "node", ["scripts/provision.mjs", "--check"], options) },
    { name: "install", together: "checks", run: (options) => exitCodeOf("install", "node", ["scripts/provision.mjs"], options) },
    { name: "lint", together: "checks", run: (options) => npmRun("lint", [], options) },
    { name: "typecheck", together: "checks", run: (options) => npmRun("typecheck", [], options) },
    { name: "build", together: "checks", run: (options) => npmRun("build", [], options) },
    {
      name: "vitest",
      report: { file: vitestReport, times: vitestFileTimes, counts: vitestCounts },
      run: (options) =>
        npmRun(
          "test:vitest",
          [
            "--reporter=default",
            "--reporter=./scripts/vitest-file-times.ts",
            `--outputFile.fileTimes=${vitestReport}`,
            ...(filters.length > 0 ? ["--passWithNoTests", ...filters] : []),
          ],
          options,
        ),
    },
    ...e2eRuns().map((e2eRun) => {
      const name = `e2e ${e2eRun.name}`;
      const file = path.join(reportsDir, `${name.replace(" ", "-").toLowerCase()}.json`);
      return {
        name,
        group: "e2e",
        together: "e2e",
        report: { file, times: (report) => playwrightFileTimes(report, name, process.cwd()), counts: playwrightCounts },
        run: async (options) => {
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
          const args = [
            "test",
            ...e2eRun.args,
            "--reporter=list,json",
            ...(filters.length > 0 ? ["--pass-with-no-tests", ...filters] : []),
          ];
          const env = { ...process.env, ...e2eRun.env, PLAYWRIGHT_JSON_OUTPUT_FILE: path.resolve(file) };
          // Side by side, two browsers each (playwright.config.ts); a run alone takes the config's own count.
          const sideBySide = e2eRuns().filter((other) => planOnThisMachine(other).kind === "run").length > 1;
          if (sideBySide) env.E2E_WORKERS = "2";
          return exitCodeOf(name, path.join("node_modules", ".bin", "playwright"), args, options, env);
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

/**
 * Runs one stage and answers its result for the summary, its report's file times added to `times`.
 * @param {Stage} stage
 * @param {RunOptions} options
 * @param {import("./test-summary.mjs").FileTime[]} times
 * @returns {Promise<import("./test-summary.mjs").StageResult>}
 */
async function runStage(stage, options, times) {
  const started = Date.now();
  const outcome = await stage.run(options);
  const durationMs = Date.now() - started;
  if (outcome === "left out") return { name: stage.name, status: outcome, durationMs };
  /** @type {import("./test-summary.mjs").StageResult} */
  const result = { name: stage.name, status: outcome === 0 ? "ok" : "failed", exitCode: outcome, durationMs };
  const report = stage.report && readReport(stage.report.file);
  if (report) {
    times.push(...stage.report.times(report));
    result.counts = stage.report.counts(report);
  } else if (stage.report) {
    result.missingReport = true;
  }
  return result;
}

async function main() {
  fs.rmSync(reportsDir, { recursive: true, force: true });
  const started = Date.now();
  /** @type {import("./test-summary.mjs").StageResult[]} */
  const results = [];
  /** @type {import("./test-summary.mjs").FileTime[]} */
  const times = [];
  /** @type {Stage[]} */
  const failed = [];
  for (const step of steps(stages(process.argv.slice(2)))) {
    const runnable = step.filter((stage) => shouldRun(stage, failed));
    const buffered = runnable.length > 1;
    const outcomes = await Promise.all(runnable.map((stage) => runStage(stage, { buffered }, times)));
    for (const stage of step) {
      const result = outcomes[runnable.indexOf(stage)] ?? { name: stage.name, status: "not run" };
      results.push(buffered ? { ...result, together: true } : result);
      if (result.status === "failed") failed.push(stage);
    }
  }
  console.log(summaryLines(results, times, Date.now() - started).join("\n"));
  process.exit(results.find((result) => result.status === "failed")?.exitCode ?? 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
