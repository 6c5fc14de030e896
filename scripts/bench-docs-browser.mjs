/**
 * The docs part of `npm run bench` measured in Chromium: for a docs page, the time to text against a static copy
 * of the same HTML served in the same run, and the JavaScript the page loads.
 *
 * Time to text: from navigation start to the first paint that shows the page's h1, i.e. the later of the first
 * contentful paint and the first frame painted after the h1 entered the DOM. Each figure is the median of cold
 * loads (a new browser context each time, HTTP cache off), alternating between the portal and the static copy.
 */
/* global document, MutationObserver, requestAnimationFrame, window -- watchHeading and the evaluated callbacks run in the page */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumExecutable } from "./chromium.mjs";

const loads = 7;
const staticPort = 3391;
const launchOptions = { executablePath: chromiumExecutable(), args: chromiumArgs };

const types = { ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml", ".html": "text/html; charset=utf-8" };

/** The same path and query spelled the way the static server's request URL will spell it. */
function pageKey(pagePath) {
  const url = new URL(pagePath, "http://static");
  return url.pathname + url.search;
}

/** A bare static server: the saved pages at their own paths, everything else from the build's client folder. */
function startStaticServer(pages, clientDirectory) {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://static");
    const saved = pages.get(url.pathname + url.search);
    const { pathname } = url;
    const file = path.join(clientDirectory, path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, ""));
    if (saved !== undefined) {
      response.writeHead(200, { "Content-Type": types[".html"] });
      response.end(saved);
    } else if (file.startsWith(clientDirectory) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(200, { "Content-Type": types[path.extname(file)] ?? "application/octet-stream" });
      fs.createReadStream(file).pipe(response);
    } else {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(staticPort, "127.0.0.1", () => resolve(server)));
}

/** Runs in the page before any of its scripts: notes when the h1 is first painted. */
function watchHeading() {
  const painted = () => requestAnimationFrame(() => setTimeout(() => (window.__headingPainted = performance.now())));
  const observer = new MutationObserver(() => {
    if (!document.querySelector("main h1")) return;
    observer.disconnect();
    painted();
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** One cold load: the time to text, and with `countScripts` the scripts it loaded. */
async function load(browser, url, countScripts) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await page.addInitScript(watchHeading);
  const scripts = [];
  if (countScripts) {
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.body().then((body) => zlib.gzipSync(body).length));
    });
  }
  await page.goto(url, { waitUntil: countScripts ? "networkidle" : "load" });
  await page.waitForFunction(() => typeof window.__headingPainted === "number");
  const text = await page.evaluate(() => {
    const paint = performance.getEntriesByType("paint").find((entry) => entry.name === "first-contentful-paint");
    return Math.max(paint?.startTime ?? 0, window.__headingPainted);
  });
  const gzipped = await Promise.all(scripts);
  await context.close();
  return { text, scripts: { files: gzipped.length, bytes: gzipped.reduce((sum, size) => sum + size, 0) } };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Measures each page (`{ label, path }`) of the portal at `base`: its HTML is saved first and served by a static
 * server beside the build's assets, so both load the same CSS and JavaScript.
 */
export async function measureDocsPages({ base, pages, clientDirectory }) {
  const saved = new Map();
  for (const page of pages) {
    const response = await fetch(`${base}${page.path}`);
    if (!response.ok) throw new Error(`${page.path} answered ${response.status}`);
    saved.set(pageKey(page.path), await response.text());
  }
  const server = await startStaticServer(saved, clientDirectory);
  const browser = await chromium.launch(launchOptions);
  try {
    const results = [];
    for (const page of pages) {
      const portal = [];
      const copy = [];
      let scripts = null;
      for (let run = 0; run < loads; run++) {
        const measured = await load(browser, `${base}${page.path}`, run === 0);
        scripts ??= measured.scripts;
        portal.push(measured.text);
        copy.push((await load(browser, `http://127.0.0.1:${staticPort}${page.path}`, false)).text);
      }
      results.push({
        ...page,
        html: Buffer.byteLength(saved.get(pageKey(page.path))),
        portal: median(portal),
        copy: median(copy),
        scripts,
      });
    }
    return results;
  } finally {
    await browser.close();
    server.close();
  }
}

/** The lines `npm run bench` prints for the measured pages. */
export function docsPageReport(results, budgetKiB) {
  const lines = [
    `docs pages in Chromium (median of ${loads} cold loads; time to text = navigation start to the first paint showing the h1)`,
  ];
  for (const result of results) {
    lines.push(`  ${result.label}: ${result.path}`);
    lines.push(`    HTML ${(result.html / 1024).toFixed(1)} KiB`);
    lines.push(
      `    time to text: portal ${result.portal.toFixed(0)} ms, static copy of the same HTML ${result.copy.toFixed(0)} ms, ratio ${(result.portal / result.copy).toFixed(2)}`,
    );
    lines.push(
      `    JavaScript: ${(result.scripts.bytes / 1024).toFixed(1)} KiB gzipped in ${result.scripts.files} files (budget ${budgetKiB} KiB)`,
    );
  }
  return lines;
}
