#!/usr/bin/env node
/**
 * The page cache's figures, printed by `npm run bench`: requests per second of an anonymous docs operation
 * page with 20 connections kept open, served by the production build (scripts/serve.mjs) from its page cache,
 * the same page rendered for every request (a cookie sends the request past the cache), and a bare node:http
 * server in a process of its own sending the cached answer's very bytes and headers. The goal: the
 * cached page at 20% or more of the bare server.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startBenchServer } from "./runtime.mjs";

const port = 3392;
const staticPort = 3393;
const CONNECTIONS = 20;
const SECONDS = 3;
const WARM_UP_SECONDS = 1;
/** Each figure is the best of its rounds, taken in turn, so a burst of other work on the machine weighs less. */
const ROUNDS = 3;
const GOAL = 0.2;
/** What a browser sends for a page. */
const BROWSER_HEADERS = { Accept: "text/html,application/xhtml+xml", "Accept-Encoding": "gzip, deflate, br, zstd" };

const work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-page-cache-"));
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { ...BROWSER_HEADERS, ...headers } }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/** The bare server is listening once it answers. */
async function waitFor(url) {
  for (let attempt = 0; attempt < 900; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** Requests per second over SECONDS with CONNECTIONS requests always in flight, after a warm-up; every answer must be a 200. */
async function throughput(url, headers = {}) {
  const run = async (seconds) => {
    const ends = performance.now() + seconds * 1000;
    const counts = { done: 0, hits: 0 };
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (performance.now() < ends) {
          const response = await get(url, headers);
          if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
          counts.done += 1;
          if (response.headers["x-cache"] === "hit") counts.hits += 1;
        }
      }),
    );
    return counts;
  };
  await run(WARM_UP_SECONDS);
  const started = performance.now();
  const counts = await run(SECONDS);
  return { perSecond: counts.done / ((performance.now() - started) / 1000), hitShare: counts.hits / counts.done };
}

/** A bare node:http server in its own process that answers every request with the given headers and body. */
function staticServer(headers, body) {
  const bodyFile = path.join(work, "body");
  fs.writeFileSync(bodyFile, body);
  const source = `
    import fs from "node:fs";
    import http from "node:http";
    const body = fs.readFileSync(${JSON.stringify(bodyFile)});
    const headers = ${JSON.stringify(headers)};
    http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); }).listen(${staticPort}, "127.0.0.1");
  `;
  return spawn(process.execPath, ["--input-type=module", "-e", source], { stdio: "ignore" });
}

const server = await startBenchServer({ port, dataDir: path.join(work, "data"), env: { WORKER: "off", WEB_CONCURRENCY: "1" } });
let bare;

try {
  const { base } = server;
  const routing = await (await fetch(`${base}/api/routing/data/macroeconomic`)).json();
  const api = routing.navigationItems.find((item) => item.label.en === "API Documentation");
  const page = api.subitems.flatMap((tag) => tag.subitems ?? [])[0].href;
  const url = `${base}${page}`;

  const cachedAnswer = await get(url);
  const hit = await get(url);
  if (hit.headers["x-cache"] !== "hit") throw new Error(`${page} was not served from the cache (X-Cache: ${hit.headers["x-cache"]})`);
  const sentHeaders = Object.fromEntries(
    Object.entries(hit.headers).filter(([name]) => !["date", "connection", "keep-alive"].includes(name)),
  );
  bare = staticServer(sentHeaders, hit.body);
  await waitFor(`http://127.0.0.1:${staticPort}/`);

  const best = (runs) => runs.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  const runs = { cached: [], rendered: [], bare: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.cached.push(await throughput(url));
    runs.rendered.push(await throughput(url, { Cookie: "bench=1" }));
    runs.bare.push(await throughput(`http://127.0.0.1:${staticPort}${page}`));
  }
  const [cached, rendered, bareServer] = [best(runs.cached), best(runs.rendered), best(runs.bare)];
  const ratio = cached.perSecond / bareServer.perSecond;

  const format = (value) => Math.round(value).toLocaleString("en");
  console.log(
    `Anonymous docs page cache (production build, loopback, ${CONNECTIONS} connections, best of ${ROUNDS} runs of ${SECONDS} s)\n`,
  );
  console.log(`  page: ${page} (${(cachedAnswer.body.length / 1024).toFixed(1)} KB sent, ${hit.headers["content-encoding"]})`);
  console.log(`  from the page cache: ${format(cached.perSecond)} requests/s (${(cached.hitShare * 100).toFixed(0)}% hits)`);
  console.log(`  rendered every time (cache bypassed by a cookie): ${format(rendered.perSecond)} requests/s`);
  console.log(`  bare node:http server, same bytes and headers: ${format(bareServer.perSecond)} requests/s`);
  console.log(`  cached / bare: ${(ratio * 100).toFixed(0)}% (goal: at least ${GOAL * 100}%)`);
} finally {
  agent.destroy();
  await server.stop();
  bare?.kill("SIGTERM");
  fs.rmSync(work, { recursive: true, force: true });
}
