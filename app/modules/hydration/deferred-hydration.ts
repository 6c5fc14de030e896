/**
 * Pages that React hydrates only when a reader reaches for a part that needs it (issue 16): a docs page reads,
 * navigates, searches and copies without React, so its first load leaves React, Remix and the page's code in an
 * inert <template>; a small script (docs-page.browser.ts) gives the page what it does with JavaScript and moves
 * the scripts into the page when a reader points at, touches or focuses an island (the query builder).
 */
import { remixStreamController } from "./remix-context";

/** The id of the <template> that holds Remix's scripts of a page whose hydration waits. */
export const DEFERRED_SCRIPTS_ID = "deferred-scripts";

/** What a route's `handle` says about hydration: wait for a reach, or (a function) decide from the route's data. */
export interface HydrationHandle {
  deferHydration?: boolean | ((data: unknown) => boolean);
}

interface RouteMatch {
  handle?: unknown;
  data?: unknown;
}

/** Whether a page's hydration waits: the deepest route that says anything decides; by default a page hydrates at once. */
export function defersHydration(matches: readonly RouteMatch[]): boolean {
  for (const match of [...matches].reverse()) {
    const rule = (match.handle as HydrationHandle | undefined)?.deferHydration;
    if (typeof rule === "boolean") return rule;
    if (typeof rule === "function") return rule(match.data);
  }
  return false;
}

/**
 * What tells that a reader reaches for an island: a pointer over it, a touch, the keyboard focus. The docs page's
 * script hands the page to React on one; the island then loads its code on one (hydrate-on-interaction.tsx).
 * Listened for on the window, capturing: React stops at the document the events aimed at a part it has not
 * hydrated, and nothing on the page stops them before the window.
 */
export const REACHING_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

/** The attribute the small script sets on an island a reader reached before React ran: the island loads at once. */
export const REACHED_ATTRIBUTE = "data-reached";

/**
 * Moves the held scripts into the page in their place, as live elements in their order: a script parsed inside a
 * <template> never runs, so each is created anew with its attributes and text (an inline one runs as it is
 * inserted, the module one when its imports have loaded). Comments and links move as they are, so the page is
 * exactly the HTML Remix would have sent and React hydrates it; the route data the holder kept
 * (STREAM_HOLDER_SCRIPT) goes to the stream Remix's first script opens. Answers false when there is nothing to move.
 */
export function activateDeferredScripts(document: Document): boolean {
  const template = document.getElementById(DEFERRED_SCRIPTS_ID);
  const window = document.defaultView;
  if (!(template instanceof HTMLTemplateElement) || !window) return false;
  const held = remixStreamController(window);
  const nodes = [...template.content.childNodes].map((node) => {
    if (node.nodeName !== "SCRIPT") return document.importNode(node, true);
    const parsed = node as HTMLScriptElement;
    const script = document.createElement("script");
    for (const { name, value } of parsed.attributes) script.setAttribute(name, value);
    if (parsed.nonce) script.nonce = parsed.nonce;
    script.text = parsed.text;
    return script;
  });
  template.replaceWith(...nodes);
  const stream = remixStreamController(window);
  if (held?.chunks && stream && stream !== held) {
    for (const chunk of held.chunks) stream.enqueue(chunk);
    if (held.closed) stream.close();
  }
  return true;
}
