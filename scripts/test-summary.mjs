/**
 * The summary `npm test` (scripts/test.mjs) prints at its end: each stage's wall time and status, the slowest
 * test files over vitest and both Playwright runs, and the tests' true totals, from the runners' reports
 * (vitest: scripts/vitest-file-times.ts; Playwright: its json reporter).
 */
import path from "node:path";

/** @typedef {{ run: string, project: string, file: string, durationMs: number }} FileTime */
/** @typedef {{ passed: number, failed: number, flaky?: number, skipped: number }} Counts */
/**
 * @typedef {{ name: string, status: "ok" | "failed" | "left out" | "not run", durationMs?: number,
 *   exitCode?: number, counts?: Counts, missingReport?: boolean, together?: boolean }} StageResult
 */

/**
 * @param {import("./vitest-file-times.ts").FileTimesReport} report
 * @returns {FileTime[]}
 */
export function vitestFileTimes(report) {
  return report.files.map((entry) => ({ run: "vitest", ...entry }));
}

/**
 * Each file's time per project: the sum of its tests' results (hooks and fixtures included), paths relative to
 * `root` as vitest's are.
 * @param {any} report Playwright's JSON report
 * @param {string} run
 * @param {string} root
 * @returns {FileTime[]}
 */
export function playwrightFileTimes(report, run, root) {
  /** @type {Map<string, FileTime>} */
  const times = new Map();
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const key = `${test.projectName}\0${file}`;
        const entry = times.get(key) ?? { run, project: test.projectName, file, durationMs: 0 };
        entry.durationMs += test.results.reduce((sum, result) => sum + result.duration, 0);
        times.set(key, entry);
      }
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of report.suites) visit(suite, path.relative(root, path.join(report.config.rootDir, suite.file)));
  return [...times.values()];
}

/** @param {import("./vitest-file-times.ts").FileTimesReport} report @returns {Counts} */
export function vitestCounts(report) {
  return report.tests;
}

/** @returns {Counts} */
export function playwrightCounts(report) {
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected, failed: unexpected, flaky, skipped };
}

/** @param {FileTime[]} times */
export function slowestFiles(times, count = 15) {
  return [...times].sort((a, b) => b.durationMs - a.durationMs).slice(0, count);
}

/** 850 ms -> "0.9 s", 75 s -> "1m 15s". */
export function formatDuration(ms) {
  if (ms < 59_950) return `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, "0")}s`;
}

function stageStatus(stage) {
  if (stage.status === "failed") return `failed (exit ${stage.exitCode})`;
  return stage.status;
}

/**
 * The tests' totals over the stages that ran tests, closing with CI's plain form ("Tests: N passed, N failed,
 * N skipped" alone on the last line), which CI reads for a run's counts: so it names true totals or none.
 * @param {StageResult[]} stages
 * @returns {string[]}
 */
export function totalsLines(stages) {
  const reported = stages.filter((stage) => stage.counts);
  const missing = stages.filter((stage) => stage.missingReport).map((stage) => stage.name);
  const lacking = missing.length > 0 ? `; no report from ${missing.join(", ")}` : "";
  if (reported.length === 0) return [`No test counts reported${lacking}.`];
  const sum = (key) => reported.reduce((total, stage) => total + (stage.counts?.[key] ?? 0), 0);
  const flaky = sum("flaky") > 0 ? `, ${sum("flaky")} of them flaky` : "";
  const names = reported.map((stage) => stage.name).join(", ");
  return [
    `Counted over ${names}${flaky}${lacking}:`,
    `Tests: ${sum("passed") + sum("flaky")} passed, ${sum("failed")} failed, ${sum("skipped")} skipped`,
  ];
}

/**
 * Stages that ran side by side (`together`) are marked ∥; the total is the whole run's wall time.
 * @param {StageResult[]} stages
 * @param {FileTime[]} times
 * @param {number} totalMs
 * @returns {string[]}
 */
export function summaryLines(stages, times, totalMs, count = 15) {
  const names = stages.map((stage) => `${stage.together ? "∥ " : ""}${stage.name}`);
  const nameWidth = Math.max(...names.map((name) => name.length), "total".length);
  const statuses = stages.map(stageStatus);
  const statusWidth = Math.max(...statuses.map((status) => status.length));
  const lines = ["", "Stages (wall time):"];
  stages.forEach((stage, index) => {
    const time = stage.durationMs === undefined ? "" : formatDuration(stage.durationMs).padStart(8);
    lines.push(`  ${names[index].padEnd(nameWidth)}  ${statuses[index].padEnd(statusWidth)}  ${time}`.trimEnd());
  });
  lines.push(`  ${"total".padEnd(nameWidth)}  ${"".padEnd(statusWidth)}  ${formatDuration(totalMs).padStart(8)}`);
  if (stages.some((stage) => stage.together))
    lines.push("  ∥ ran side by side with the next or previous ∥ stages; the total is the whole run's");
  const slowest = slowestFiles(times, count);
  if (slowest.length > 0) {
    const sources = slowest.map((entry) => `${entry.run} ${entry.project}`);
    const sourceWidth = Math.max(...sources.map((source) => source.length));
    lines.push("", `The ${slowest.length} slowest test files (time each held a worker):`);
    slowest.forEach((entry, index) => {
      const rank = `${index + 1}.`.padStart(4);
      lines.push(`${rank} ${formatDuration(entry.durationMs).padStart(8)}  ${sources[index].padEnd(sourceWidth)}  ${entry.file}`);
    });
  }
  lines.push("", ...totalsLines(stages));
  return lines;
}
