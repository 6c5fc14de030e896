/**
 * The Chromium the browser suite and the docs benchmark launch, and how. Debian's headless shell comes first: the
 * same Blink and V8 as Debian's `chromium`, without the desktop browser's compositor and window machinery, which cost
 * the browser suite about a third of its CPU on a 2-core machine (scripts/provision.mjs installs it).
 */
import fs from "node:fs";

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** Full browsers, for a machine that has one but not the shell (Playwright runs either the same way). */
const BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];

/**
 * The first installed of the headless shell and the full browsers, or undefined (Playwright's own download).
 * @param {(file: string) => boolean} exists
 */
export function chromiumExecutable(exists = fs.existsSync) {
  return [HEADLESS_SHELL, ...BROWSERS].find((candidate) => exists(candidate));
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--no-first-run",
];
