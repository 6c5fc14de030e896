import type { NextFunction, Request, Response } from "express";
import { docPageMarkdown } from "./llms.server";
import { markdownPageRequest, prefersMarkdown } from "./llms-request";

/**
 * Every docs page as markdown: `{page path}.md`, or the page URL itself for a client that prefers
 * text/markdown to text/html. Answered in the HTTP layer because Remix renders a page route's loader data into
 * its HTML document whatever Response the loader returns, and no route pattern can match a path ending in `.md`.
 */
export function markdownPagesMiddleware(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const target = markdownPageRequest(req.path, prefersMarkdown(req.get("Accept")));
  if (!target) return next();
  const search = new URL(req.originalUrl, "http://portal.invalid").searchParams;
  docPageMarkdown(target, search).then((answer) => {
    res.vary("Accept");
    if (answer.status === 302) return res.redirect(302, answer.location);
    res.status(answer.status);
    res.set("Content-Type", answer.status === 200 ? "text/markdown; charset=utf-8" : "text/plain; charset=utf-8");
    res.send(answer.body);
  }, next);
}
