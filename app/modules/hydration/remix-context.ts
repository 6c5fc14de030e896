// Browser half of the Remix-internals adapter: browser code cannot import the server half, remix-internals.server.ts.
/**
 * The one place the app touches `window.__remixContext`, the global through which Remix's single fetch hands a
 * page's route data to the browser (undocumented; React Router 7 renames it `__reactRouterContext`).
 */

/**
 * Remix sends a page's route data after the document, as scripts that hand chunks to
 * `window.__remixContext.streamController`; while Remix's own scripts wait in a template, this inline script,
 * before the template, gives them a controller that keeps the chunks, for activation to hand on.
 */
export const STREAM_HOLDER_SCRIPT =
  "window.__remixContext={streamController:{chunks:[],closed:false,enqueue(chunk){this.chunks.push(chunk)},close(){this.closed=true}}};";

/** The stream controller in `window.__remixContext`: the holder's (with what it kept) or Remix's own. */
export interface RemixStreamController {
  enqueue(chunk: string): void;
  close(): void;
  chunks?: string[];
  closed?: boolean;
}

type RemixWindow = Window & { __remixContext?: { streamController?: RemixStreamController } };

/** The controller Remix's scripts hand route data to at this moment, if any. */
export function remixStreamController(window: Window): RemixStreamController | undefined {
  return (window as RemixWindow).__remixContext?.streamController;
}
