#!/usr/bin/env node
/**
 * `npm run bench`: documentation engine figures, measured against the production build served by
 * scripts/serve.mjs on loopback. Prints, for the largest shipped specification and for a generated one of
 * 5,000 operations: the time to build routing data, the server's memory, the server render time per
 * operation page. Then, in Chromium (scripts/bench-docs-browser.mjs), an operation page of each: its time to text
 * against a static copy of the same HTML and the JavaScript it loads (a docs page needs none to be read). Then the
 * delivery engine's dump figures: macroeconomic (scripts/bench-dumps.ts), then company
 * (scripts/bench-company-dumps.ts); then the data API's throughput and latency (scripts/bench-data-api.ts); then
 * the anonymous page cache's throughput against a bare node:http server (scripts/bench-page-cache.mjs); last the
 * signed-in throughput of one web process and of one per core (scripts/bench-signed-in.mjs).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { docsPageReport, measureDocsPages } from "./bench-docs-browser.mjs";
import { root, startBenchServer } from "./runtime.mjs";

/** A search over all eight sets, once the index is built (a timed test under load said nothing; this measures it). */
const searchGoalMs = 50;

/** Gzipped JavaScript a docs page may load (issue 16). */
const docsScriptBudgetKiB = 120;

function generatedSpec(operations) {
  const paths = {};
  const tags = [];
  for (let index = 0; index < operations; index++) {
    const tag = `Group ${Math.floor(index / 100)}`;
    if (index % 100 === 0) tags.push({ name: tag, description: `Generated group ${tag}`, "x-label": { en: tag, zh: `分组 ${tag}` } });
    paths[`/resource${index}/{id}`] = {
      get: {
        operationId: `getResource${index}`,
        tags: [tag],
        summary: `Get resource ${index}`,
        description: "Returns one generated resource.",
        parameters: [
          { name: "id", in: "path", required: true, type: "string", description: "Resource id" },
          { name: "format", in: "query", type: "string", enum: ["json", "xml"], description: "Format" },
        ],
        responses: { 200: { description: "The resource", schema: { $ref: `#/definitions/Resource${index % 50}` } } },
      },
    };
  }
  const definitions = {};
  for (let index = 0; index < 50; index++) {
    definitions[`Resource${index}`] = {
      type: "object",
      properties: { id: { type: "string", example: "R1" }, value: { type: "number" }, updated: { type: "string", format: "date-time" } },
    };
  }
  return {
    swagger: "2.0",
    info: { title: "Generated", version: "1.0" },
    host: "bench.example.com",
    basePath: "/v1",
    tags,
    paths,
    definitions,
  };
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function timed(url) {
  const started = performance.now();
  const response = await fetch(url);
  const body = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { ms: performance.now() - started, body };
}

function percentile(values, fraction) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

async function renderTimes(prefix, operations, count) {
  const step = Math.max(1, Math.floor(operations.length / count));
  const times = [];
  for (let index = 0; index < operations.length && times.length < count; index += step) {
    times.push((await timed(`${base}${prefix}${operations[index]}`)).ms);
  }
  return { mean: times.reduce((sum, value) => sum + value, 0) / times.length, p95: percentile(times, 0.95), n: times.length };
}

function operationLinks(routing) {
  const api = routing.navigationItems.find((item) => item.label.en === "API Documentation");
  return (api?.subitems ?? []).flatMap((tag) => (tag.subitems ?? []).map((operation) => operation.href));
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
const specFile = path.join(work, "generated.json");
fs.writeFileSync(specFile, JSON.stringify(generatedSpec(5000)));
const server = await startBenchServer({
  port: 3390,
  dataDir: path.join(work, "data"),
  env: { WEB_CONCURRENCY: "1", DOCS_SPEC_SOURCES: JSON.stringify({ dealwatch: specFile }) },
});
const { base } = server;

try {
  const specFiles = fs.readdirSync(path.join(root, "content/specs")).filter((file) => file.endsWith(".json"));
  const specs = specFiles.map((file) => {
    const spec = JSON.parse(fs.readFileSync(path.join(root, "content/specs", file), "utf8"));
    const count = Object.values(spec.paths).reduce((sum, item) => sum + Object.keys(item).filter((key) => key !== "parameters").length, 0);
    return { id: file.replace(/\.json$/, ""), count, lines: JSON.stringify(spec, null, 2).split("\n").length };
  });
  const largest = specs.filter((spec) => spec.id !== "dealwatch").sort((a, b) => b.count - a.count)[0];

  const rows = [];
  for (const [label, id, operations] of [
    [`largest shipped spec (${largest.id}, ${largest.count} operations, ${largest.lines} lines)`, largest.id, largest.count],
    ["generated spec (5,000 operations)", "dealwatch", 5000],
  ]) {
    const before = rssMb(server.pid);
    const cold = await timed(`${base}/api/routing/data/${id}`);
    const warm = await timed(`${base}/api/routing/data/${id}`);
    const after = rssMb(server.pid);
    const routing = JSON.parse(cold.body);
    const links = operationLinks(routing);
    await timed(`${base}${links[0]}`);
    const render = await renderTimes("", links, 100);
    const sample = links[Math.floor(links.length / 2)];
    rows.push({ label, operations, cold: cold.ms, warm: warm.ms, memory: after - before, rss: after, render, sample });
  }

  const searchUrl = (q) => `${base}/api/search?q=${encodeURIComponent(q)}`;
  const searchCold = await timed(searchUrl("series data"));
  const searchQueries = ["series data", "GET /series/{id}", "/companies", "resource 4999", "token"];
  const searchWarm = [];
  for (const q of searchQueries) searchWarm.push((await timed(searchUrl(q))).ms);
  const searchWarmMean = searchWarm.reduce((sum, value) => sum + value, 0) / searchWarm.length;

  const docsPages = await measureDocsPages({
    base,
    clientDirectory: path.join(root, "build/client"),
    pages: rows.map((row) => ({ label: `operation page of the ${row.label}`, path: row.sample })),
  });

  console.log("Documentation engine benchmark (production build, loopback, sequential requests)\n");
  for (const row of rows) {
    console.log(row.label);
    console.log(`  routing data, first request (spec read + model + navigation): ${row.cold.toFixed(1)} ms`);
    console.log(`  routing data, cached: ${row.warm.toFixed(1)} ms`);
    console.log(
      `  server memory: ${row.memory >= 0 ? "+" : ""}${row.memory.toFixed(1)} MB while building (RSS now ${row.rss.toFixed(1)} MB)`,
    );
    console.log(
      `  operation page render (HTML, ${row.render.n} pages): mean ${row.render.mean.toFixed(1)} ms, p95 ${row.render.p95.toFixed(1)} ms\n`,
    );
  }
  console.log("documentation search over all 8 sets (/api/search, the generated spec included)");
  console.log(`  first query (reads every page and builds the index): ${searchCold.ms.toFixed(1)} ms`);
  console.log(
    `  then (${searchQueries.length} queries): mean ${searchWarmMean.toFixed(1)} ms, max ${Math.max(...searchWarm).toFixed(1)} ms ` +
      `(goal: under ${searchGoalMs} ms, ${searchWarmMean < searchGoalMs ? "met" : "MISSED"})\n`,
  );
  console.log(docsPageReport(docsPages, docsScriptBudgetKiB).join("\n"));
} finally {
  await server.stop();
  fs.rmSync(work, { recursive: true, force: true });
}

console.log("");
const dumps = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/bench-dumps.ts")], { cwd: root, stdio: "inherit" });
// --expose-gc lets the company benchmark show the heap it retains as the dump advances.
const companyDumps = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", path.join(root, "scripts/bench-company-dumps.ts")], {
  cwd: root,
  stdio: "inherit",
});
console.log("");
const dataApi = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/bench-data-api.ts")], {
  cwd: root,
  stdio: "inherit",
});
console.log("");
const pageCache = spawnSync(process.execPath, [path.join(root, "scripts/bench-page-cache.mjs")], { cwd: root, stdio: "inherit" });
console.log("");
const signedIn = spawnSync(process.execPath, [path.join(root, "scripts/bench-signed-in.mjs")], { cwd: root, stdio: "inherit" });
// Each benchmark prints its figures even when another fails; the command fails if any did.
for (const run of [dumps, companyDumps, dataApi, pageCache, signedIn]) if (run.status !== 0) process.exit(run.status ?? 1);
