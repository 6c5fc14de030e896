/**
 * The first step of `npm test`: what the suite needs beyond Node (a browser, PostgreSQL, the interpreters the
 * documentation's samples run in), from this one list. Missing Debian packages are installed when this runs as
 * root with apt-get, or through sudo without a password; otherwise it stops within seconds, before any test,
 * naming what is missing and the one command that installs it. `.ci/run` keeps no list of its own.
 * With `--check` it only decides: it stops as above when nothing may be installed, and otherwise leaves the
 * installing to a second run (npm test runs that one beside lint, typecheck and the build, which need none of it).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { HEADLESS_SHELL } from "./chromium.mjs";

/** @typedef {{ name: string, packages: string[], present: () => Promise<boolean> }} Requirement */

/** Runs a program and answers whether it exited 0 within 30 s; a program that is not installed answers false. */
function succeeds(file, args) {
  return new Promise((resolve) => execFile(file, args, { timeout: 30_000 }, (error) => resolve(!error)));
}

const exists = (file) => Promise.resolve(fs.existsSync(file));

function postgresInstalled() {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return Promise.resolve(false);
  return Promise.resolve(fs.readdirSync(root).some((version) => fs.existsSync(`${root}/${version}/bin/initdb`)));
}

/** @type {Requirement[]} */
export const requirements = [
  {
    name: "Chromium's headless shell (the browser suite)",
    packages: ["chromium-headless-shell"],
    present: () => exists(HEADLESS_SHELL),
  },
  { name: "PostgreSQL (the PostgreSQL halves of the suite)", packages: ["postgresql"], present: postgresInstalled },
  { name: "curl (shell samples)", packages: ["curl"], present: () => succeeds("curl", ["--version"]) },
  { name: "jq (shell samples)", packages: ["jq"], present: () => succeeds("jq", ["--version"]) },
  {
    name: "Python 3 with requests and pandas (Python samples)",
    packages: ["python3", "python3-requests", "python3-pandas"],
    present: () => succeeds("/usr/bin/python3", ["-c", "import requests, pandas"]),
  },
  {
    name: "PHP with the curl and mbstring extensions (PHP samples)",
    packages: ["php-cli", "php-curl", "php-mbstring"],
    present: () => succeeds("php", ["-r", 'exit(extension_loaded("curl") && extension_loaded("mbstring") ? 0 : 1);']),
  },
  { name: "Guzzle (PHP samples)", packages: ["php-guzzlehttp-guzzle"], present: () => exists("/usr/share/php/GuzzleHttp/autoload.php") },
  {
    name: "R with httr and jsonlite (R samples)",
    packages: ["r-base-core", "r-cran-httr", "r-cran-jsonlite"],
    present: () => succeeds("Rscript", ["-e", "library(httr); library(jsonlite)"]),
  },
  { name: "OpenSSL (the FTPS tests' throwaway certificate)", packages: ["openssl"], present: () => succeeds("openssl", ["version"]) },
  {
    name: "Redis (the limits on Redis, the multi-instance test sharing them)",
    packages: ["redis-server"],
    present: () => exists("/usr/bin/redis-server"),
  },
];

/** The Debian packages of the requirements that are not present, each once, in the list's order. */
export function missingPackages(checked) {
  return [...new Set(checked.filter((entry) => !entry.present).flatMap((entry) => entry.packages))];
}

const APT_INSTALL = "apt-get install -y --no-install-recommends";

/**
 * How to get the packages: as root, apt-get itself; with password-less sudo, through it; otherwise nothing can
 * be installed here and the plan is the one command to give the person.
 */
export function installPlan({ packages, isRoot, hasAptGet, hasSudo }) {
  if (packages.length === 0) return { kind: "nothing" };
  const command = `apt-get update && ${APT_INSTALL} ${packages.join(" ")}`;
  if (hasAptGet && isRoot) return { kind: "install", sudo: false, packages };
  if (hasAptGet && hasSudo) return { kind: "install", sudo: true, packages };
  return { kind: "stop", command: `sudo sh -c '${command}'` };
}

async function check() {
  return Promise.all(requirements.map(async (requirement) => ({ ...requirement, present: await requirement.present() })));
}

function run(file, args) {
  return new Promise((resolve, reject) =>
    execFile(file, args, { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" }, maxBuffer: 64 * 1024 * 1024 }, (error, _out, err) =>
      error ? reject(new Error(`${file} ${args.join(" ")} failed:\n${err}`)) : resolve(),
    ),
  );
}

async function main() {
  const checked = await check();
  const packages = missingPackages(checked);
  const plan = installPlan({
    packages,
    isRoot: process.getuid?.() === 0,
    hasAptGet: fs.existsSync("/usr/bin/apt-get"),
    hasSudo: fs.existsSync("/usr/bin/sudo") && (await succeeds("sudo", ["-n", "true"])),
  });
  if (plan.kind === "nothing") return;
  const names = checked.filter((entry) => !entry.present).map((entry) => entry.name);
  if (plan.kind === "stop") {
    console.error(`The test suite needs what this machine lacks:\n  - ${names.join("\n  - ")}\nInstall it with:\n  ${plan.command}`);
    process.exit(1);
  }
  if (process.argv.includes("--check")) {
    console.log(`To install for the test suite: ${plan.packages.join(" ")}`);
    return;
  }
  console.log(`Installing ${plan.packages.join(" ")} for the test suite…`);
  const prefix = plan.sudo ? ["sudo", "-n"] : [];
  const [file, ...args] = [...prefix, "apt-get"];
  await run(file, [...args, "update", "-qq"]);
  await run(file, [...args, ...APT_INSTALL.split(" ").slice(1), "-qq", ...plan.packages]);
  const still = missingPackages(await check());
  if (still.length > 0) {
    console.error(`Still missing after installing: ${still.join(" ")}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
