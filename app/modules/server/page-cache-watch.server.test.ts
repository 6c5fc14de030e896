import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { watchFolderTree } from "./page-cache-watch.server";

const roots: string[] = [];

function tempTree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "page-cache-watch-"));
  fs.mkdirSync(path.join(root, "pages", "en"), { recursive: true });
  fs.writeFileSync(path.join(root, "pages", "en", "index.md"), "# Index");
  roots.push(root);
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe("watching content/ for the page cache", () => {
  it("hears a changed file deep in the tree and a file in a folder added later", async () => {
    const root = tempTree();
    const onChange = vi.fn();
    expect(watchFolderTree(root, onChange)).toBe(true);
    fs.writeFileSync(path.join(root, "pages", "en", "index.md"), "# Changed");
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled());
    fs.mkdirSync(path.join(root, "pages", "zh"));
    await vi.waitFor(() => expect(onChange.mock.calls.length).toBeGreaterThan(1));
    const calls = onChange.mock.calls.length;
    fs.writeFileSync(path.join(root, "pages", "zh", "index.md"), "# 索引");
    await vi.waitFor(() => expect(onChange.mock.calls.length).toBeGreaterThan(calls));
  });

  it("answers false for a folder that is not there", () => {
    expect(watchFolderTree(path.join(os.tmpdir(), "page-cache-watch-missing-folder"), () => {})).toBe(false);
  });
});
