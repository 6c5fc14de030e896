import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { bodyHash, entityTag, preferredCoding, type ContentCoding } from "./page-cache";

/** The build's hashed files never change under their name (vite.config.ts). */
const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

interface Asset {
  type: string;
  hash: string;
  bodies: Partial<Record<ContentCoding, Buffer>> & { identity: Buffer };
}

/** The file that holds an asset in a content coding: the build writes `.br` and `.gz` beside each (vite.config.ts). */
export function codingFile(name: string, coding: ContentCoding): string {
  return coding === "br" ? `${name}.br` : coding === "gzip" ? `${name}.gz` : name;
}

/** The asset names a folder holds, its compressed copies left out. */
export function assetNames(files: readonly string[]): Set<string> {
  return new Set(files.filter((file) => !/\.(br|gz)$/.test(file)));
}

/**
 * The body sent for a coding the client accepts: the compressed copy when the build wrote one, else the plain file
 * (which the compression middleware may still compress).
 */
export function chooseBody(asset: Pick<Asset, "bodies">, accepted: ContentCoding): { coding: ContentCoding; body: Buffer } {
  const body = asset.bodies[accepted];
  return body ? { coding: accepted, body } : { coding: "identity", body: asset.bodies.identity };
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  return fs.promises.readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
}

async function loadAsset(directory: string, name: string, type: string): Promise<Asset> {
  const [identity, gzip, br] = await Promise.all(
    (["identity", "gzip", "br"] as const).map((coding) => readIfPresent(path.join(directory, codingFile(name, coding)))),
  );
  if (!identity) throw new Error(`The asset ${name} is listed but gone`);
  return { type, hash: bodyHash(identity), bodies: { identity, gzip, br } };
}

/**
 * build/client/assets from memory, compressed ahead: a page with JavaScript loads some 40 of these files, and
 * reading, compressing and writing each one at every request cost the server four times the page's own render
 * (107 ms of CPU per page load against 20 ms without JavaScript). Each file is read once, at its first request,
 * with the brotli and gzip copies the build wrote; a name the build did not write goes on to the next handler.
 */
export function immutableAssets(directory: string, setHeaders: (res: Response) => void) {
  const names = assetNames(fs.existsSync(directory) ? fs.readdirSync(directory) : []);
  const loaded = new Map<string, Promise<Asset>>();
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!names.has(name)) return next();
    let asset = loaded.get(name);
    if (!asset) {
      asset = loadAsset(directory, name, res.type(path.extname(name)).get("Content-Type") ?? "application/octet-stream");
      loaded.set(name, asset);
      asset.catch(() => loaded.delete(name));
    }
    asset
      .then((answer) => {
        const { coding, body } = chooseBody(answer, preferredCoding(req.get("Accept-Encoding")));
        res.status(200).vary("Accept-Encoding");
        res.set({ "Content-Type": answer.type, "Cache-Control": IMMUTABLE_CACHE_CONTROL, ETag: entityTag(answer.hash, coding) });
        setHeaders(res);
        if (req.fresh) {
          res.removeHeader("Content-Type");
          res.status(304).end();
          return;
        }
        if (coding !== "identity") res.set("Content-Encoding", coding);
        res.set("Content-Length", String(body.length));
        if (req.method === "HEAD") res.end();
        else res.end(body);
      })
      .catch(next);
  };
}
