import path from "node:path";
import type { NextFunction, Request, Response } from "express";

/**
 * The policy of the worker script is the worker's own: it must fetch pages and data from this origin (the
 * `default-src 'none'` every other file gets would block that), and it needs nothing else.
 */
const SERVICE_WORKER_SECURITY_POLICY = "default-src 'none'; connect-src 'self'";

/**
 * GET /sw.js from build/client, ahead of the static files and their one-hour cache: `no-cache`, so every
 * update check reaches the server and a changed worker is found as soon as it is deployed.
 */
export function serviceWorkerScript(clientDirectory: string) {
  const file = path.join(clientDirectory, "sw.js");
  return (_req: Request, res: Response, next: NextFunction) => {
    const headers = { "Cache-Control": "no-cache", "Content-Security-Policy": SERVICE_WORKER_SECURITY_POLICY };
    res.sendFile(file, { cacheControl: false, headers }, (error) => {
      if (error) next(error);
    });
  };
}
