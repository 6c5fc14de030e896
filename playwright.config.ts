import fs from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests against the production build served by scripts/serve.mjs on a fresh SQLite database.
 * *.ui.spec.ts run twice, with JavaScript on and off; *.api.spec.ts talk HTTP only.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;
/** One data folder per port, so runs on different ports never share a database. */
export const e2eDataDir = process.env.E2E_PORT ? `.tmp/e2e-${port}` : ".tmp/e2e";
export const e2eDatabaseFile = `${e2eDataDir}/portal.sqlite`;
const chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((candidate) => fs.existsSync(candidate));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--no-first-run"],
    },
  },
  projects: [
    { name: "api", testMatch: /.*\.api\.spec\.ts/ },
    { name: "js", testMatch: /.*\.ui\.spec\.ts/, use: { javaScriptEnabled: true } },
    { name: "no-js", testMatch: /.*\.ui\.spec\.ts/, use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: `rm -rf ${e2eDataDir} && exec node scripts/serve.mjs`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
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
      CONTACT_RATE_LIMIT: "5",
      TRUST_PROXY: "1",
      DEMO_DATA: "1",
      CATALOG_SERIES: "2000",
      CATALOG_COMPANIES: "1000",
      CATALOG_DOCUMENTS: "500",
    },
  },
});
