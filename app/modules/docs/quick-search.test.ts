import { describe, expect, it } from "vitest";
import { isQuickSearchShortcut } from "./quick-search";

const key = (overrides: Partial<Parameters<typeof isQuickSearchShortcut>[0]>) => ({
  key: "/",
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  typing: false,
  ...overrides,
});

describe("isQuickSearchShortcut", () => {
  it("opens on / outside text fields, where / is typed instead", () => {
    expect(isQuickSearchShortcut(key({}))).toBe(true);
    expect(isQuickSearchShortcut(key({ typing: true }))).toBe(false);
    expect(isQuickSearchShortcut(key({ ctrlKey: true }))).toBe(false);
    expect(isQuickSearchShortcut(key({ altKey: true }))).toBe(false);
  });

  it("opens on Ctrl-K or Cmd-K anywhere, not on both or on K alone", () => {
    expect(isQuickSearchShortcut(key({ key: "k", ctrlKey: true, typing: true }))).toBe(true);
    expect(isQuickSearchShortcut(key({ key: "K", metaKey: true }))).toBe(true);
    expect(isQuickSearchShortcut(key({ key: "k", ctrlKey: true, metaKey: true }))).toBe(false);
    expect(isQuickSearchShortcut(key({ key: "k" }))).toBe(false);
    expect(isQuickSearchShortcut(key({ key: "k", ctrlKey: true, altKey: true }))).toBe(false);
  });
});
