import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule, Vitest } from "vitest/node";

/** The file scripts/test.mjs reads: each test file's project and time, and the run's test counts. */
export type FileTimesReport = {
  files: { project: string; file: string; durationMs: number }[];
  tests: { passed: number; failed: number; skipped: number };
};

/**
 * `npm test`'s vitest reporter (scripts/test.mjs), beside the default one: vitest's own JSON report names
 * neither a file's project (sqlite and postgres run the same files) nor the time it took to set up and import,
 * so this one writes both, to `--outputFile.fileTimes=<path>`.
 */
export default class FileTimesReporter implements Reporter {
  private outputFile = "";

  onInit(vitest: Vitest) {
    const { outputFile } = vitest.config;
    const file = typeof outputFile === "object" ? outputFile.fileTimes : undefined;
    if (!file) throw new Error("scripts/vitest-file-times.ts needs --outputFile.fileTimes=<path>");
    this.outputFile = path.resolve(vitest.config.root, file);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const report: FileTimesReport = { files: [], tests: { passed: 0, failed: 0, skipped: 0 } };
    for (const testModule of testModules) {
      const { prepareDuration, environmentSetupDuration, setupDuration, collectDuration, duration } = testModule.diagnostic();
      report.files.push({
        project: testModule.project.name,
        file: path.relative(testModule.project.config.root, testModule.moduleId),
        durationMs: prepareDuration + environmentSetupDuration + setupDuration + collectDuration + duration,
      });
      for (const test of testModule.children.allTests()) {
        const { state } = test.result();
        if (state === "passed" || state === "failed") report.tests[state] += 1;
        else report.tests.skipped += 1;
      }
    }
    fs.mkdirSync(path.dirname(this.outputFile), { recursive: true });
    fs.writeFileSync(this.outputFile, JSON.stringify(report));
  }
}
