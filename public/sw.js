/*
 * The portal's service worker (SPEC.md sections 4 and 7), served as is from /sw.js with root scope: keeps the
 * documentation a reader opened readable offline for 7 days.
 *
 * - Docs pages (navigations and Remix data requests under /docs/, /en/docs/, /zh/docs/), the routing API
 *   (/api/routing/…) and Remix's route manifest: network first, the stored copy when the network fails.
 * - Hashed build files under /assets/: cache first (a new content gets a new name).
 * - Everything else, and anything but a same-origin GET, is left to the browser.
 * Only 200 answers that are neither private nor no-store are kept, so a page rendered for a signed-in reader
 * never is. An uncached page requested offline gets the browser's own offline error.
 * A page opened before this worker ran, or reached through a Remix data request (a link followed in the page),
 * has its document stored too, so that reloading it offline works.
 * The page (app/modules/offline/service-worker.client.ts) registers this worker and tells a waiting one to take over.
 */

// Bump on every change to this file: an updated worker then starts from empty caches and deletes the old ones.
const VERSION = 1;
const CACHE_PREFIX = "portal-offline-v";
const CACHE_NAME = `${CACHE_PREFIX}${VERSION}`;
const STORED_AT_HEADER = "x-portal-stored-at";
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MAX_AGE_MS = 7 * DAY_MS;
// A hashed file a cached page uses must outlive that page: its time is renewed when used, at most once a day.
const ASSET_TOUCH_MS = DAY_MS;
const ASSET_MAX_AGE_MS = MAX_AGE_MS + ASSET_TOUCH_MS;
const PRUNE_EVERY_MS = HOUR_MS;

const DOCS_PATH = /^\/(?:(?:en|zh)\/)?docs(?:[/.]|$)/;
// Set downloads are files, not pages, and may be large.
const DOWNLOAD_PATH = /^\/docs\/[^/]+\/[^/]+\/downloads\/[^/]+$/;

/** Whether a copy stored at `storedAt` (ms) may be served at `now`; a time in the future is of unknown age. */
function isFresh(storedAt, now, maxAge) {
  return Number.isFinite(storedAt) && storedAt > 0 && storedAt <= now && now - storedAt < maxAge;
}

/** How long an entry is kept: hashed files a little longer than the pages that use them. */
function maxAgeFor(pathname) {
  return pathname.startsWith("/assets/") ? ASSET_MAX_AGE_MS : MAX_AGE_MS;
}

/** How the worker answers a request: "network-first", "cache-first", or null to leave it to the browser. */
function strategyFor({ method, mode, url }, origin) {
  if (method !== "GET") return null;
  const { origin: requestOrigin, pathname } = new URL(url);
  if (requestOrigin !== origin) return null;
  if (pathname.startsWith("/assets/")) return "cache-first";
  if (pathname.startsWith("/api/routing/") || pathname === "/__manifest") return "network-first";
  const docsPage = DOCS_PATH.test(pathname) && !DOWNLOAD_PATH.test(pathname);
  return docsPage && (mode === "navigate" || pathname.endsWith(".data")) ? "network-first" : null;
}

/** The document of a page Remix loaded through a data request: /docs/x.data?_routes=… is /docs/x. */
function documentUrlOf(dataUrl) {
  const url = new URL(dataUrl);
  url.pathname = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return url.href;
}

/** Only complete answers anyone could have been given are kept: never one marked private or no-store. */
function isStorable(response) {
  const cacheControl = response.headers.get("cache-control") ?? "";
  return response.status === 200 && response.type === "basic" && !/\b(?:private|no-store)\b/i.test(cacheControl);
}

function storedAt(response) {
  return Number(response.headers.get(STORED_AT_HEADER));
}

async function store(url, response, now) {
  const headers = new Headers(response.headers);
  headers.set(STORED_AT_HEADER, String(now));
  const body = await response.blob();
  const cache = await caches.open(CACHE_NAME);
  await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

/** The stored copy while it is fresh; an expired one is deleted instead of served. */
async function freshCopy(url, now) {
  const cache = await caches.open(CACHE_NAME);
  // Stored under the bare URL, so the navigation's own headers must not take part in the match.
  const cached = await cache.match(url, { ignoreVary: true });
  if (!cached) return undefined;
  if (isFresh(storedAt(cached), now, maxAgeFor(new URL(url).pathname))) return cached;
  await cache.delete(url);
  return undefined;
}

/** Stores a docs page's document unless a fresh copy is there already. */
async function storeDocument(url) {
  const now = Date.now();
  if (await freshCopy(url, now)) return;
  const response = await fetch(url, { headers: { Accept: "text/html" } });
  if (isStorable(response)) await store(url, response, now);
}

/** The docs pages open in the windows this worker takes over were loaded before it ran. */
async function storeOpenDocuments() {
  const windows = await self.clients.matchAll({ type: "window" });
  const documents = windows
    .map(({ url }) => url)
    .filter((url) => strategyFor({ method: "GET", mode: "navigate", url }, self.location.origin));
  await Promise.all(documents.map((url) => storeDocument(url)));
}

async function pruneExpired(now) {
  const cache = await caches.open(CACHE_NAME);
  for (const request of await cache.keys()) {
    const cached = await cache.match(request, { ignoreVary: true });
    if (!cached || !isFresh(storedAt(cached), now, maxAgeFor(new URL(request.url).pathname))) await cache.delete(request);
  }
}

let lastPrune = 0;

function keep(event, response, now) {
  event.waitUntil(store(event.request.url, response, now));
  if (now - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = now;
  event.waitUntil(pruneExpired(now));
}

async function networkFirst(event) {
  try {
    const response = await fetch(event.request);
    if (isStorable(response)) {
      keep(event, response.clone(), Date.now());
      if (new URL(event.request.url).pathname.endsWith(".data")) event.waitUntil(storeDocument(documentUrlOf(event.request.url)));
    }
    return response;
  } catch (error) {
    const cached = await freshCopy(event.request.url, Date.now());
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(event) {
  const now = Date.now();
  const cached = await freshCopy(event.request.url, now);
  if (cached) {
    if (!isFresh(storedAt(cached), now, ASSET_TOUCH_MS)) event.waitUntil(store(event.request.url, cached.clone(), now));
    return cached;
  }
  const response = await fetch(event.request);
  if (isStorable(response)) keep(event, response.clone(), now);
  return response;
}

self.addEventListener("fetch", (event) => {
  const strategy = strategyFor(event.request, self.location.origin);
  if (strategy === "network-first") event.respondWith(networkFirst(event));
  else if (strategy === "cache-first") event.respondWith(cacheFirst(event));
});

// An updated worker waits until the page asks it to take over; the page then reloads on controllerchange.
self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") event.waitUntil(self.skipWaiting());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME).map((name) => caches.delete(name)));
      await pruneExpired(Date.now());
      lastPrune = Date.now();
      await self.clients.claim();
      // Offline at this moment: those pages are stored at their next visit instead.
      await storeOpenDocuments().catch(() => undefined);
    })(),
  );
});
