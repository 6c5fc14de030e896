import { describe, expect, it } from "vitest";
import { chromiumExecutable, HEADLESS_SHELL } from "./chromium.mjs";

describe("the browser the suite launches", () => {
  it("prefers Debian's headless shell, then a full Chromium, and otherwise leaves the choice to Playwright", () => {
    const installed = (files: string[]) => (file: string) => files.includes(file);
    expect(chromiumExecutable(installed([HEADLESS_SHELL, "/usr/bin/chromium"]))).toBe(HEADLESS_SHELL);
    expect(chromiumExecutable(installed(["/usr/bin/chromium"]))).toBe("/usr/bin/chromium");
    expect(chromiumExecutable(installed(["/usr/bin/chromium-browser"]))).toBe("/usr/bin/chromium-browser");
    expect(chromiumExecutable(installed([]))).toBeUndefined();
  });
});
