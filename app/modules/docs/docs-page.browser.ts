/**
 * The script of a docs page whose hydration waits (deferred-hydration.ts), built on its own by Vite as a classic
 * script of a few KiB (`?worker&url` in deferred-scripts.tsx). It starts the service worker, gives the page what
 * its React effects give it once hydrated (page-behaviours.ts, the quick search's shortcut), and when a reader points at, touches or focuses
 * an island, hands the page to React: it takes its own bindings off and moves Remix's scripts into the page.
 * Relative imports only: Vite builds this file without the app's path aliases.
 */
import { activateDeferredScripts, REACHED_ATTRIBUTE, REACHING_EVENTS } from "../hydration/deferred-hydration";
import { startServiceWorker } from "../offline/service-worker.client";
import { bindCodeTabs, bindCopyButtons, bindDrawer, bindHeaderMenu, bindVersionSwitcher, revealCurrentEntry } from "./page-behaviours";
import { bindQuickSearchShortcut } from "./quick-search";

const script = document.currentScript as HTMLScriptElement | null;
// Not the "js" class, which says React runs: a toast keeps its CSS fade until React takes the page over.
document.documentElement.dataset.hydration = "deferred";
startServiceWorker();

const bindings: (() => void)[] = [];
const drawer = document.querySelector<HTMLDetailsElement>("details.docs-drawer");
const aside = document.querySelector<HTMLElement>("#docs-aside");
if (drawer && aside) {
  bindings.push(bindDrawer(drawer, aside));
  revealCurrentEntry(aside);
}
for (const menu of document.querySelectorAll<HTMLDetailsElement>("details.version-switcher")) bindings.push(bindVersionSwitcher(menu));
const headerMenu = document.querySelector<HTMLDetailsElement>("details.nav-mobile");
if (headerMenu) bindings.push(bindHeaderMenu(headerMenu));
const { copy, copied, copyCode } = script?.dataset ?? {};
if (copy && copied && copyCode) bindings.push(bindCopyButtons({ copy, copied, copyCode }));
bindings.push(bindCodeTabs());
bindings.push(bindQuickSearchShortcut());

const listening = { capture: true, passive: true };

function onReach(event: Event) {
  const island = event.target instanceof Element ? event.target.closest("[data-island]") : null;
  if (!island) return;
  island.setAttribute(REACHED_ATTRIBUTE, "");
  for (const type of REACHING_EVENTS) window.removeEventListener(type, onReach, listening);
  for (const unbind of bindings.splice(0)) unbind();
  activateDeferredScripts(document);
}

for (const type of REACHING_EVENTS) window.addEventListener(type, onReach, listening);
