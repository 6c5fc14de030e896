import os from "node:os";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "./scripts/chromium.mjs";

/**
 * End-to-end tests against the production build served by scripts/serve.mjs on a fresh SQLite database, or with
 * E2E_DATABASE=postgres on a throwaway PostgreSQL cluster (tests/e2e/support/e2e-server.ts); `npm run test:e2e`
 * runs both (tests/e2e/support/run-e2e.mjs). *.ui.spec.ts run twice, with JavaScript on and off; *.api.spec.ts
 * talk HTTP only.
 */
const onPostgres = process.env.E2E_DATABASE === "postgres";
const port = Number(process.env.E2E_PORT ?? (onPostgres ? 3211 : 3210));
export const baseURL = `http://127.0.0.1:${port}`;
/** One data folder per port, so runs on different ports never share a database. */
export const e2eDataDir = process.env.E2E_PORT || onPostgres ? `.tmp/e2e-${port}` : ".tmp/e2e";
export const e2eDatabaseFile = `${e2eDataDir}/portal.sqlite`;
/** Where the PostgreSQL run's launcher writes its cluster's URL, for the fixtures and a second server. */
export const e2eDatabaseUrlFile = `${e2eDataDir}/database-url`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // One browser more than the cores, whether or not CI is set (Playwright's default is half the cores, one on a
  // 2-core runner): with one per core a fifth of the CPU sat idle while tests waited for the worker, a mail or a
  // sample's polling, and a third browser took a tenth off each run on 2 cores.
  // npm test runs the SQLite and PostgreSQL runs side by side, two browsers each (E2E_WORKERS): each run alone left
  // a third of the CPU idle while its tests waited, and its start and its last tests ran on a half-empty machine.
  workers: Number(process.env.E2E_WORKERS) || Math.min(6, os.availableParallelism() + 1),
  // No trace while tests pass: recording one for every test cost a fifth of the suite's CPU. A failed test runs once
  // more with a trace (test-results/), and passing on that retry still fails the run as flaky.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  // One folder per port: two runs side by side each clear their own at start.
  outputDir: `test-results/${port}`,
  use: {
    baseURL,
    trace: "on-first-retry",
    launchOptions: { executablePath: chromiumExecutable(), args: chromiumArgs },
  },
  projects: [
    { name: "api", testMatch: /.*\.api\.spec\.ts/ },
    { name: "js", testMatch: /.*\.ui\.spec\.ts/, use: { javaScriptEnabled: true } },
    { name: "no-js", testMatch: /.*\.ui\.spec\.ts/, use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: `rm -rf ${e2eDataDir} && exec node ${onPostgres ? "--import tsx tests/e2e/support/e2e-server.ts" : "scripts/serve.mjs"}`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: onPostgres ? 120_000 : 60_000,
    // A signal rather than Playwright's SIGKILL, so the PostgreSQL run's launcher can stop its cluster.
    gracefulShutdown: onPostgres ? { signal: "SIGTERM", timeout: 15_000 } : undefined,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: e2eDataDir,
      PUBLIC_URL: baseURL,
      SESSION_SECRET: "e2e-session-secret-that-is-long-enough-to-pass",
      ENCRYPTION_KEY: "e2e-encryption-key-apart-from-the-session-secret",
      TEST_HOOKS: "1",
      // One web process: the cluster and many instances have their own tests (cluster, multi-instance).
      WEB_CONCURRENCY: "1",
      CONTACT_RATE_LIMIT: "5",
      // A cheaper proof of work than production's, still solved for real by the widget and solvedCaptcha().
      CAPTCHA_MAX_NUMBER: "1000",
      TRUST_PROXY: "1",
      DEMO_DATA: "1",
      CATALOG_SERIES: "2000",
      CATALOG_COMPANIES: "1000",
      CATALOG_DOCUMENTS: "500",
    },
  },
});
