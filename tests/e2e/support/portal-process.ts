import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import config from "../../../playwright.config";
import { e2eDatabaseUrl } from "./database";
import { freePort } from "../../support/free-port";

/**
 * Another web server on the end-to-end database (SQLite file or PostgreSQL cluster), as a second instance behind a
 * load balancer would be: scripts/serve.mjs with the e2e server's environment (so it reseeds nothing) and
 * WORKER=off, on a free port.
 */
export interface PortalProcess {
  baseURL: string;
  pid: number;
  stop(): Promise<void>;
  /** Everything the server printed so far, standard output and error interleaved as they came. */
  output(): string;
}

const webServer = config.webServer;
const e2eServerEnv = webServer && !Array.isArray(webServer) ? (webServer.env ?? {}) : {};

/** The PostgreSQL run's cluster for the second server too; on the SQLite run DATA_DIR names the file already. */
function databaseEnv(): Record<string, string> {
  const url = e2eDatabaseUrl();
  return url ? { DATABASE_URL: url } : {};
}

export async function startPortalProcess(env: Record<string, string> = {}): Promise<PortalProcess> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["scripts/serve.mjs"], {
    env: { ...process.env, ...e2eServerEnv, ...databaseEnv(), PORT: String(port), PUBLIC_URL: baseURL, WORKER: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  let printed = "";
  child.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
    printed += chunk.toString();
  });
  const exited = once(child, "exit");
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The second server stopped at start-up: ${errors}`);
    const healthy = await fetch(`${baseURL}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { baseURL, pid: child.pid ?? 0, stop, output: () => printed };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The second server did not answer /healthz within a minute: ${errors}`);
}

/** A documentation set's specification in a file of its own, for a server started with DOCS_SPEC_SOURCES naming it. */
export function specFile(set: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-spec-${set}-`));
  const file = path.join(dir, `${set}.json`);
  return {
    file,
    sources: JSON.stringify({ [set]: file }),
    /** A valid Swagger 2.0 specification with one operation at /{word}, summarised with the word. */
    write(word: string) {
      const spec = {
        swagger: "2.0",
        info: { title: `${set} test`, version: "1.0" },
        host: "api.example.com",
        paths: { [`/${word}`]: { get: { tags: ["Test"], summary: `List ${word} items`, responses: { 200: { description: "OK" } } } } },
      };
      fs.writeFileSync(file, JSON.stringify(spec));
    },
    /** Valid JSON that is no Swagger 2.0 document. */
    writeInvalid() {
      fs.writeFileSync(file, JSON.stringify({ swagger: "1.2", apis: [] }));
    },
    remove() {
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The operation paths a server's routing data names for a set. */
export async function servedPaths(baseURL: string, set: string): Promise<string[]> {
  const response = await fetch(`${baseURL}/api/routing/data/${set}`);
  if (!response.ok) throw new Error(`routing data of ${set} at ${baseURL}: ${response.status}`);
  const body: unknown = await response.json();
  const spec = typeof body === "object" && body !== null && "swaggerSpec" in body ? body.swaggerSpec : null;
  const paths = typeof spec === "object" && spec !== null && "paths" in spec ? spec.paths : null;
  return typeof paths === "object" && paths !== null ? Object.keys(paths) : [];
}
