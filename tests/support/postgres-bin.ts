import fs from "node:fs";
import path from "node:path";

/** initdb and postgres from Debian's postgresql package, newest version first. */
export function findPostgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  const version = versions.find((candidate) => fs.existsSync(path.join(root, candidate, "bin", "initdb")));
  return version ? path.join(root, version, "bin") : null;
}
