import { describe, expect, it } from "vitest";
import {
  formatDuration,
  playwrightCounts,
  playwrightFileTimes,
  slowestFiles,
  summaryLines,
  totalsLines,
  vitestCounts,
  vitestFileTimes,
} from "./test-summary.mjs";
import type { FileTimesReport } from "./vitest-file-times.ts";

/** Playwright's json reporter, cut down to what matters here: two files, a describe block, two projects, a retry. */
const playwrightReport = {
  config: { rootDir: "/repo/tests/e2e", projects: [{ name: "api" }, { name: "js" }] },
  suites: [
    {
      title: "sitemap.api.spec.ts",
      file: "sitemap.api.spec.ts",
      line: 0,
      column: 0,
      specs: [
        {
          title: "the sitemap lists the docs pages",
          ok: true,
          tags: ["no-db"],
          id: "a-1",
          file: "sitemap.api.spec.ts",
          line: 14,
          column: 1,
          tests: [
            {
              timeout: 30000,
              expectedStatus: "passed",
              projectId: "api",
              projectName: "api",
              status: "flaky",
              results: [
                { workerIndex: 0, parallelIndex: 0, status: "failed", duration: 3000, retry: 0, startTime: "2026-11-26T17:33:31.690Z" },
                { workerIndex: 1, parallelIndex: 0, status: "passed", duration: 1000, retry: 1, startTime: "2026-11-26T17:33:35.690Z" },
              ],
            },
          ],
        },
      ],
      suites: [
        {
          title: "robots.txt",
          file: "sitemap.api.spec.ts",
          line: 30,
          column: 6,
          specs: [
            {
              title: "names the sitemap",
              ok: true,
              tags: [],
              id: "a-2",
              file: "sitemap.api.spec.ts",
              line: 31,
              column: 3,
              tests: [
                {
                  timeout: 30000,
                  expectedStatus: "passed",
                  projectId: "api",
                  projectName: "api",
                  status: "expected",
                  results: [
                    { workerIndex: 0, parallelIndex: 0, status: "passed", duration: 500, retry: 0, startTime: "2026-11-26T17:33:36.690Z" },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      title: "csp.ui.spec.ts",
      file: "csp.ui.spec.ts",
      line: 0,
      column: 0,
      specs: [
        {
          title: "pages run under their Content-Security-Policy",
          ok: false,
          tags: [],
          id: "b-1",
          file: "csp.ui.spec.ts",
          line: 19,
          column: 1,
          tests: [
            {
              timeout: 30000,
              expectedStatus: "passed",
              projectId: "js",
              projectName: "js",
              status: "unexpected",
              results: [
                { workerIndex: 0, parallelIndex: 0, status: "failed", duration: 7483, retry: 0, startTime: "2026-11-26T17:33:31.690Z" },
              ],
            },
          ],
        },
        {
          title: "a docs page hydrates",
          ok: true,
          tags: [],
          id: "b-2",
          file: "csp.ui.spec.ts",
          line: 43,
          column: 1,
          tests: [
            {
              timeout: 30000,
              expectedStatus: "skipped",
              projectId: "js",
              projectName: "js",
              status: "skipped",
              results: [],
            },
          ],
        },
      ],
    },
  ],
  errors: [],
  stats: { startTime: "2026-11-26T17:33:23.993Z", duration: 19885.247, expected: 1, skipped: 1, unexpected: 1, flaky: 1 },
};

/** scripts/vitest-file-times.ts's report: the same integration file in two projects. */
const vitestReport: FileTimesReport = {
  files: [
    { project: "sqlite", file: "tests/integration/incidents.test.ts", durationMs: 1388.3 },
    { project: "postgres", file: "tests/integration/incidents.test.ts", durationMs: 1485.7 },
    { project: "unit", file: "scripts/provision.test.ts", durationMs: 251.8 },
  ],
  tests: { passed: 9, failed: 0, skipped: 2 },
};

describe("npm test's summary", () => {
  it("times each Playwright file per project, retries and nested blocks included, relative to the repository", () => {
    expect(playwrightFileTimes(playwrightReport, "e2e SQLite", "/repo")).toEqual([
      { run: "e2e SQLite", project: "api", file: "tests/e2e/sitemap.api.spec.ts", durationMs: 4500 },
      { run: "e2e SQLite", project: "js", file: "tests/e2e/csp.ui.spec.ts", durationMs: 7483 },
    ]);
  });

  it("keeps vitest's files apart by project", () => {
    expect(vitestFileTimes(vitestReport).map((entry) => `${entry.run} ${entry.project} ${entry.file}`)).toEqual([
      "vitest sqlite tests/integration/incidents.test.ts",
      "vitest postgres tests/integration/incidents.test.ts",
      "vitest unit scripts/provision.test.ts",
    ]);
  });

  it("takes the test counts from each runner's report", () => {
    expect(vitestCounts(vitestReport)).toEqual({ passed: 9, failed: 0, skipped: 2 });
    expect(playwrightCounts(playwrightReport)).toEqual({ passed: 1, failed: 1, flaky: 1, skipped: 1 });
  });

  it("lists at most the 15 slowest files, slowest first", () => {
    const times = Array.from({ length: 20 }, (_, index) => ({ run: "vitest", project: "unit", file: `f${index}`, durationMs: index * 10 }));
    const slowest = slowestFiles(times);
    expect(slowest).toHaveLength(15);
    expect(slowest[0]?.file).toBe("f19");
    expect(slowest[14]?.file).toBe("f5");
  });

  it("writes durations in seconds, and in minutes from a minute on", () => {
    expect(formatDuration(850)).toBe("0.9 s");
    expect(formatDuration(59_940)).toBe("59.9 s");
    expect(formatDuration(59_960)).toBe("1m 00s");
    expect(formatDuration(75_400)).toBe("1m 15s");
    expect(formatDuration(15 * 60_000 + 3_000)).toBe("15m 03s");
  });

  it("closes with the true totals over the runs that reported, and says which did not", () => {
    const vitest = { name: "vitest", status: "ok" as const, counts: vitestCounts(vitestReport) };
    const sqlite = { name: "e2e SQLite", status: "failed" as const, exitCode: 1, counts: playwrightCounts(playwrightReport) };
    expect(totalsLines([vitest, sqlite])).toEqual([
      "Counted over vitest, e2e SQLite, 1 of them flaky:",
      "Tests: 11 passed, 1 failed, 3 skipped",
    ]);
    expect(totalsLines([vitest, { name: "e2e PostgreSQL", status: "failed", exitCode: 1, missingReport: true }])).toEqual([
      "Counted over vitest; no report from e2e PostgreSQL:",
      "Tests: 9 passed, 0 failed, 2 skipped",
    ]);
    expect(totalsLines([{ name: "lint", status: "failed", exitCode: 2 }])).toEqual(["No test counts reported."]);
    // CI's plain closing line: "N passed, N failed", ", N skipped" after it, one word with a colon before it.
    expect(totalsLines([vitest, sqlite]).at(-1)).toMatch(/^\w+: \d+ passed, \d+ failed, \d+ skipped$/);
  });

  it("prints each stage's status and wall time (side by side marked, the total the run's), the slowest files, and test counts only on its closing line", () => {
    const stages = [
      { name: "provision", status: "ok" as const, durationMs: 2_900 },
      { name: "lint", status: "ok" as const, durationMs: 30_000, together: true },
      { name: "build", status: "ok" as const, durationMs: 12_000, together: true },
      { name: "vitest", status: "ok" as const, durationMs: 371_000, counts: vitestCounts(vitestReport) },
      { name: "e2e SQLite", status: "failed" as const, exitCode: 1, durationMs: 58_800, counts: playwrightCounts(playwrightReport) },
      { name: "e2e PostgreSQL", status: "left out" as const, durationMs: 10 },
      { name: "next", status: "not run" as const },
    ];
    const times = [...vitestFileTimes(vitestReport), ...playwrightFileTimes(playwrightReport, "e2e SQLite", "/repo")];
    const lines = summaryLines(stages, times, 463_700);
    expect(lines).toEqual([
      "",
      "Stages (wall time):",
      "  provision       ok                  2.9 s",
      "  ∥ lint          ok                 30.0 s",
      "  ∥ build         ok                 12.0 s",
      "  vitest          ok                 6m 11s",
      "  e2e SQLite      failed (exit 1)    58.8 s",
      "  e2e PostgreSQL  left out            0.0 s",
      "  next            not run",
      "  total                              7m 44s",
      "  ∥ ran side by side with the next or previous ∥ stages; the total is the whole run's",
      "",
      "The 5 slowest test files (time each held a worker):",
      "  1.    7.5 s  e2e SQLite js    tests/e2e/csp.ui.spec.ts",
      "  2.    4.5 s  e2e SQLite api   tests/e2e/sitemap.api.spec.ts",
      "  3.    1.5 s  vitest postgres  tests/integration/incidents.test.ts",
      "  4.    1.4 s  vitest sqlite    tests/integration/incidents.test.ts",
      "  5.    0.3 s  vitest unit      scripts/provision.test.ts",
      "",
      "Counted over vitest, e2e SQLite, 1 of them flaky:",
      "Tests: 11 passed, 1 failed, 3 skipped",
    ]);
    expect(lines.slice(0, -1).filter((line) => /\d+\s+(passed|failed)/.test(line))).toEqual([]);
  });
});
