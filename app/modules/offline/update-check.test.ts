import { describe, expect, it } from "vitest";
import { UPDATE_CHECK_INTERVAL_MS, shouldApplyUpdate, shouldCheckForUpdate, shouldReloadOnControllerChange } from "./update-check";

describe("the service worker update check", () => {
  it("runs every 15 minutes (SPEC.md section 9: 900000 ms)", () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(900_000);
  });

  it("is skipped offline and while a worker installs", () => {
    expect(shouldCheckForUpdate({ online: true, installing: false })).toBe(true);
    expect(shouldCheckForUpdate({ online: false, installing: false })).toBe(false);
    expect(shouldCheckForUpdate({ online: true, installing: true })).toBe(false);
    expect(shouldCheckForUpdate({ online: false, installing: true })).toBe(false);
  });

  it("updates only when the script answered 200", () => {
    expect(shouldApplyUpdate(200)).toBe(true);
    for (const status of [204, 304, 302, 404, 500, 503]) expect(shouldApplyUpdate(status)).toBe(false);
  });
});

describe("the reload when a worker takes over", () => {
  it("happens when an updated worker replaces the one in control", () => {
    expect(shouldReloadOnControllerChange({ hadController: true, reloading: false })).toBe(true);
  });

  it("does not happen when the first worker takes control, nor twice", () => {
    expect(shouldReloadOnControllerChange({ hadController: false, reloading: false })).toBe(false);
    expect(shouldReloadOnControllerChange({ hadController: true, reloading: true })).toBe(false);
  });
});
