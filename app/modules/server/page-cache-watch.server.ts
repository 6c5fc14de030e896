import fs from "node:fs";
import path from "node:path";

/**
 * Calls `onChange` on any change in a folder or below it, taking in folders added later; false when the
 * folder cannot be watched. One watch per folder: a recursive watch on Linux holds a handle per file, and
 * its unref() leaves them keeping the process from exiting.
 */
export function watchFolderTree(root: string, onChange: () => void): boolean {
  const watched = new Set<string>();
  const watchFolders = () => {
    const folders = fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isDirectory());
    for (const folder of [root, ...folders.map((entry) => path.join(entry.parentPath, entry.name))]) {
      if (watched.has(folder)) continue;
      watched.add(folder);
      const watcher = fs.watch(folder, changed);
      watcher.on("error", () => watched.delete(folder));
      watcher.unref();
    }
  };
  const changed = () => {
    onChange();
    try {
      watchFolders();
    } catch (error) {
      console.error(`Could not watch the new folders under ${root}`, error);
    }
  };
  try {
    watchFolders();
    return true;
  } catch {
    return false;
  }
}
