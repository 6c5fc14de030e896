import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { inspect } from "node:util";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import ipaddr from "ipaddr.js";
import morgan from "morgan";
import onHeaders from "on-headers";
import { errorBody } from "~/modules/data-api/errors";
import { markdownPagesMiddleware } from "~/modules/docs/llms-http.server";
import { followSpecVersions } from "~/modules/docs/spec-versions.server";
import { env } from "~/modules/env/env.server";
import { fixedT } from "~/modules/i18n/i18n.server";
import { apiLanguage, languageOfPath, type Language } from "~/modules/i18n/language";
import { startWebInstance } from "~/modules/instances/instances.server";
import { serviceWorkerScript } from "~/modules/offline/worker-script.server";
import { redactSecrets } from "~/modules/secrets/redact";
import { answerDataApiHttp } from "~/modules/data-api/http.server";
import { formatBytes, readStreamBytes } from "~/modules/http/body.server";
import { CLIENT_ADDRESS_HEADER } from "~/modules/http/client-address.server";
import { createPageCache } from "./page-cache.server";
import { checkRouteMatchingPatches } from "./remix-internals.server";
import { immutableAssets } from "./static-assets.server";
import {
  RESOURCE_SECURITY_POLICY,
  bodyLimitFor,
  type BodyLimits,
  carriesCredentials,
  declaresTooLargeBody,
  firstHeaderValue,
  isBrokenJsonPath,
  isCrossSiteRequest,
  privateCacheControl,
  remixOriginView,
  requestLineRefusal,
  securityHeaders,
} from "~/modules/http/policy";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this response's inline scripts. */
    cspNonce: string;
  }
}

/**
 * Hands the app the client's address in CLIENT_ADDRESS_HEADER, replacing whatever the client sent under
 * that name: the socket address, or with `trust proxy` set to N hops, the Nth X-Forwarded-For entry from
 * the right (the one our own proxy wrote), never the leftmost that the client controls. IPv4 without ::ffff:.
 */
export function clientAddressMiddleware(req: Request, _res: Response, next: NextFunction) {
  const address = req.ip ?? req.socket.remoteAddress ?? "";
  req.headers[CLIENT_ADDRESS_HEADER.toLowerCase()] = ipaddr.isValid(address) ? ipaddr.process(address).toString() : address;
  next();
}

/** How a refusal is worded: the data APIs' Error model, the JSON API's `{"error"}`, or a small page. */
function answerShape(req: Request): "data-api" | "json" | "page" {
  if (req.path.startsWith("/data-api/")) return "data-api";
  return req.path.startsWith("/api/") || req.path === "/healthz" || req.accepts(["html", "json"]) === "json" ? "json" : "page";
}

function languageOf(req: Request): Language {
  const url = new URL(req.originalUrl, "http://portal.invalid");
  return req.path.startsWith("/api/") ? apiLanguage(url, req.get("Accept-Language") ?? null) : languageOfPath(req.path);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Past this a refused body is not read to its end: the connection is cut instead. */
const DRAIN_BYTES = 16 * 1024 * 1024;

/** Reads and discards what is left of a refused body, so the client hears the answer instead of a reset. */
function drainBody(req: Request): Promise<void> {
  if (req.complete || declaresTooLargeBody(req.get("Content-Length"), DRAIN_BYTES)) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    req.on("data", (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DRAIN_BYTES) req.destroy();
    });
    for (const event of ["end", "close", "error"]) req.once(event, () => resolve());
  });
}

function carriesBody(req: Request): boolean {
  return !req.complete && (Number(req.get("Content-Length") ?? 0) > 0 || req.get("Transfer-Encoding") !== undefined);
}

/** The portal's own answer before the app runs: the data APIs' Error model, JSON for the API, a small page for browsers. */
async function refuse(req: Request, res: Response, status: number, key: string, values: Record<string, string> = {}) {
  await drainBody(req);
  const shape = answerShape(req);
  // The data APIs answer in English, as their specifications do.
  const language = shape === "data-api" ? "en" : languageOf(req);
  const t = await fixedT(language);
  const message = t(key, values);
  res.status(status).set({ Connection: "close", "Content-Security-Policy": RESOURCE_SECURITY_POLICY });
  if (shape !== "page") {
    res.json(shape === "data-api" ? errorBody(status, message) : { error: message });
    return;
  }
  const home = language === "zh" ? "/zh" : "/";
  res
    .type("html")
    .send(
      `<!doctype html><html lang="${language === "zh" ? "zh-CN" : "en"}"><meta charset="utf-8"><title>${status}</title>` +
        `<h1>${status}</h1><p>${escapeHtml(message)}</p><p><a href="${home}">${escapeHtml(t("errors.backHome"))}</a></p></html>`,
    );
}

/**
 * Answers before any route what no route can be asked about (see requestLineRefusal): TRACE, TRACK and CONNECT,
 * targets that are not paths, hosts no URL can be built from. Without TRUST_PROXY an X-Forwarded-Host is the
 * client's own word: it is dropped, as Express already ignores it.
 */
function requestLineCheck(req: Request, res: Response, next: NextFunction) {
  if (!env.TRUST_PROXY) delete req.headers["x-forwarded-host"];
  const forwarded = env.TRUST_PROXY
    ? { forwardedHost: firstHeaderValue(req.get("X-Forwarded-Host")), forwardedProto: firstHeaderValue(req.get("X-Forwarded-Proto")) }
    : {};
  const refusal = requestLineRefusal({ method: req.method, target: req.originalUrl, host: req.get("host"), ...forwarded });
  if (refusal) {
    if (refusal.status === 405) res.set("Allow", refusal.allow);
    return void refuse(req, res, refusal.status, refusal.messageKey).catch(next);
  }
  // Express and Remix read different parts of a list of forwarded hosts: both read the first.
  if (forwarded.forwardedHost) req.headers["x-forwarded-host"] = forwarded.forwardedHost;
  next();
}

/** A data-API call (data-api/http.server.ts), from the request as Node read it to the answer it sends. */
async function answerDataApiCall(req: Request, res: Response, limits: BodyLimits): Promise<void> {
  const url = new URL(req.originalUrl, "http://portal.invalid");
  const bodyLimit = bodyLimitFor(url.pathname, limits);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  const answer = await answerDataApiHttp({
    method: req.method,
    path: url.pathname,
    query: [...url.searchParams],
    headers,
    readBody: () => readStreamBytes(Readable.toWeb(req) as ReadableStream<Uint8Array>, bodyLimit),
  });
  res.status(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.end(answer.body ?? undefined);
}

/** After the portal's cross-site check, the Origin and host Remix compares agree (see remixOriginView). */
function alignOriginForRemix(req: Request) {
  const view = remixOriginView(req.method, req.get("Origin"));
  if (view === "drop-origin") delete req.headers.origin;
  else if (view) {
    req.headers.host = view.host;
    delete req.headers["x-forwarded-host"];
  }
}

/**
 * Node hands a CONNECT request to the server's 'connect' listeners instead of the app, and without one closes the
 * socket unanswered: here the app answers it like any other request (405, from requestLineCheck). Its target is a
 * host and port, which Express's router would match to no middleware: the app sees it at "/", the log as sent.
 */
export function answerConnectRequests(server: http.Server, app: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  server.on("connect", (req: http.IncomingMessage & { originalUrl?: string }, socket: Socket) => {
    req.originalUrl = req.url;
    req.url = "/";
    const res = new http.ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.once("finish", () => {
      res.detachSocket(socket);
      socket.end();
    });
    app(req, res);
  });
}

export interface PortalServerOptions {
  build: ServerBuild;
  /** build/client: hashed assets under /assets and the copied public files. */
  clientDirectory: string;
}

/**
 * The HTTP layer in front of Remix: client address, security headers, access log, static files, and the
 * checks that must answer before any route runs (cross-site writes, oversized bodies). The process becomes
 * a web instance: listed on the admin dashboard, and following specification reloads made in other processes.
 */
export function createPortalServer({ build, clientDirectory }: PortalServerOptions) {
  // Before anything starts: without the patches the portal still works, at half its speed, and nothing else says so.
  checkRouteMatchingPatches();
  startWebInstance();
  followSpecVersions();
  const app = express();
  const publicOrigin = new URL(env.PUBLIC_URL).origin;
  const limits = { body: env.BODY_LIMIT_BYTES, upload: env.UPLOAD_LIMIT_BYTES };
  const getLoadContext = (_req: Request, res: Response) => ({ cspNonce: String(res.locals.cspNonce) });
  const pageCache = createPageCache({ build, mode: env.NODE_ENV, getLoadContext, maxBytes: env.PAGE_CACHE_MB * 1024 * 1024 });
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(clientAddressMiddleware);
  const headers = securityHeaders(env.PUBLIC_URL);
  app.use((_req, res, next) => {
    // Given when the answer is sent, and only where the route set none of its own: one header each, the route's if any.
    onHeaders(res, () => {
      for (const [name, value] of Object.entries(headers)) if (!res.hasHeader(name)) res.setHeader(name, value);
    });
    next();
  });
  app.use(
    morgan(
      (tokens, req, res) =>
        `${tokens.method?.(req, res)} ${redactSecrets(tokens.url?.(req, res) ?? "")} ${tokens.status?.(req, res)} ${tokens["response-time"]?.(req, res)} ms`,
    ),
  );
  app.use(requestLineCheck);
  // The data APIs' JSON at gzip level 3 (issue 29's speed goal): a search of 100 series or 25 series' points comes
  // out 13-21% larger than at the default 6, for a third to a half of its CPU. Pages keep the default.
  const dataApiCompression = compression({ level: 3 });
  const pageCompression = compression();
  app.use((req, res, next) => (answerShape(req) === "data-api" ? dataApiCompression : pageCompression)(req, res, next));
  app.use(pageCache.answerHits);
  // Static files leave before the hook below that gives every other answer its policy: they carry it themselves.
  const setHeaders = (res: Response) => res.setHeader("Content-Security-Policy", RESOURCE_SECURITY_POLICY);
  app.use("/assets", immutableAssets(path.join(clientDirectory, "assets"), setHeaders));
  app.get("/sw.js", serviceWorkerScript(clientDirectory));
  // public/'s files, by name: a static handler for every request would look each page's path up on disk first.
  const publicFiles = new Set(
    fs
      .readdirSync(clientDirectory, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
  const publicFile = express.static(clientDirectory, { maxAge: "1h", index: false, setHeaders });
  app.use((req, res, next) => (publicFiles.has(req.path) ? publicFile(req, res, next) : next()));

  app.use((req, res, next) => {
    // The host the request was sent to: Host, and behind a trusted proxy the X-Forwarded-Host it wrote.
    const ownOrigins = [req.get("host"), req.get("X-Forwarded-Host")].filter(Boolean).map((host) => `${req.protocol}://${host}`);
    const source = { method: req.method, origin: req.get("Origin"), referer: req.get("Referer") };
    if (isCrossSiteRequest(source, [publicOrigin, ...ownOrigins])) return void refuse(req, res, 403, "http.crossSite").catch(next);
    alignOriginForRemix(req);
    const limit = bodyLimitFor(req.path, limits);
    if (declaresTooLargeBody(req.get("Content-Length"), limit)) {
      return void refuse(req, res, 413, "http.bodyTooLarge", { max: formatBytes(limit) }).catch(next);
    }
    // The JSON families' routes cannot match an encoded line break or NUL: their JSON error, not the site's HTML 404.
    if (isBrokenJsonPath(req.path)) return void refuse(req, res, 400, "http.lineBreakInPath").catch(next);
    res.locals.cspNonce = randomBytes(16).toString("base64");
    const signedIn = carriesCredentials(req.get("Cookie"), req.get("Authorization"));
    onHeaders(res, () => {
      // An answer given before the body was read (a 405, a 401) leaves bytes on the socket: start afresh.
      if (!req.complete) res.setHeader("Connection", "close");
      if (!res.getHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", RESOURCE_SECURITY_POLICY);
      if (signedIn) res.setHeader("Cache-Control", privateCacheControl(res.getHeader("Cache-Control")?.toString()));
    });
    // Nothing reads the body of a GET or HEAD: it is read to its end first (within the drain limit), so the
    // answer does not close the connection under a client that is still sending.
    if ((req.method === "GET" || req.method === "HEAD") && carriesBody(req)) return void drainBody(req).then(() => next(), next);
    next();
  });

  // The data APIs, after the checks above and ahead of the pages' middleware and Remix, which they need none of.
  app.use("/data-api", (req, res, next) => answerDataApiCall(req, res, limits).catch(next));
  // Docs pages as markdown ({page}.md, or Accept: text/markdown), before Remix renders the page as HTML.
  app.use(markdownPagesMiddleware);

  app.use(pageCache.renderAndKeep);
  app.all("*", createRequestHandler({ build, mode: env.NODE_ENV, getLoadContext }));

  // Whatever escapes the app (a request Express itself cannot read) is answered without details.
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status =
      typeof error === "object" && error !== null && "status" in error && Number(error.status) < 500 ? Number(error.status) : 500;
    // An unreadable request line ("Invalid URL") carries its address, query included, in the error.
    if (status >= 500) console.error(redactSecrets(inspect(error)));
    void refuse(req, res, status, status >= 500 ? "errors.generic" : "http.badRequest").catch(() => res.end());
  });
  return app;
}
