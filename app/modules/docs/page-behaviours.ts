/**
 * What JavaScript adds to a docs page, as plain DOM code with no React: the page's React effects call it once
 * hydrated, and before that the small script of a page whose hydration waits (docs-page.browser.ts) does. Each
 * binding answers the function that removes it.
 */
import { codeLanguageCookie, codeLanguageOfCookies, isCodeLanguage } from "../content/code-language";

/**
 * The scroll position of a scrolling box that brings an entry outside its view to a third of its height,
 * or undefined when the entry is in view already.
 */
export function scrollTopRevealing(entry: { top: number; bottom: number }, view: { top: number; bottom: number }, scrollTop: number) {
  if (entry.top >= view.top && entry.bottom <= view.bottom) return undefined;
  return Math.max(0, Math.round(scrollTop + entry.top - view.top - (view.bottom - view.top) / 3));
}

/** Scrolls the side menu so that its current entry shows. */
export function revealCurrentEntry(panel: HTMLElement) {
  const current = panel.querySelector('.docs-menu [aria-current="page"]');
  if (!current) return;
  const box = panel.getBoundingClientRect();
  const scrollTop = scrollTopRevealing(
    current.getBoundingClientRect(),
    { top: box.top, bottom: Math.min(box.bottom, window.innerHeight) },
    panel.scrollTop,
  );
  if (scrollTop !== undefined) panel.scrollTop = scrollTop;
}

/** Closes the drawer and gives the focus back to its toggle. */
export function closeDrawer(toggle: HTMLDetailsElement) {
  toggle.open = false;
  toggle.querySelector("summary")?.focus();
}

/**
 * The docs drawer below 992 px: focus moves into it when it opens and back to its toggle when Escape closes it,
 * and it closes when focus leaves it.
 */
export function bindDrawer(toggle: HTMLDetailsElement, panel: HTMLElement): () => void {
  const onToggle = () => {
    const menu = panel.querySelector(".docs-menu");
    if (toggle.open) (menu?.querySelector<HTMLElement>('[aria-current="page"]') ?? menu?.querySelector("a"))?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    // The version switcher inside takes its own Escape first.
    if (event.key === "Escape" && toggle.open && !event.defaultPrevented) closeDrawer(toggle);
  };
  const onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && !toggle.contains(next) && !panel.contains(next)) toggle.open = false;
  };
  toggle.addEventListener("toggle", onToggle);
  document.addEventListener("keydown", onKey);
  toggle.addEventListener("focusout", onFocusOut);
  panel.addEventListener("focusout", onFocusOut);
  return () => {
    toggle.removeEventListener("toggle", onToggle);
    document.removeEventListener("keydown", onKey);
    toggle.removeEventListener("focusout", onFocusOut);
    panel.removeEventListener("focusout", onFocusOut);
  };
}

/** The version switcher's <details> menu closes on Escape, on a click outside and when focus leaves it. */
export function bindVersionSwitcher(menu: HTMLDetailsElement): () => void {
  const close = () => {
    menu.open = false;
  };
  // On the switcher itself, so it runs before the docs drawer's listener, which leaves a handled Escape alone.
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape" && menu.open) {
      event.preventDefault();
      close();
      menu.querySelector("summary")?.focus();
    }
  };
  const onClick = (event: MouseEvent) => {
    if (event.target instanceof Node && !menu.contains(event.target)) close();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (!(event.relatedTarget instanceof Node) || !menu.contains(event.relatedTarget)) close();
  };
  menu.addEventListener("keydown", onKey);
  document.addEventListener("click", onClick);
  menu.addEventListener("focusout", onFocusOut);
  return () => {
    menu.removeEventListener("keydown", onKey);
    document.removeEventListener("click", onClick);
    menu.removeEventListener("focusout", onFocusOut);
  };
}

/** The labels of the code blocks' copy buttons, in the page's language. */
export interface CopyLabels {
  copy: string;
  copied: string;
  copyCode: string;
}

/** The copy buttons' labels from a translator. */
export function copyLabels(t: (key: string) => string): CopyLabels {
  return { copy: t("tokens.copy"), copied: t("tokens.copied"), copyCode: t("docs.copyCode") };
}

/** Labels the copy buttons of the code blocks (hidden without JavaScript) and copies a block's code on a click. */
export function bindCopyButtons(labels: CopyLabels): () => void {
  for (const button of document.querySelectorAll(".copy-code")) {
    button.textContent = labels.copy;
    button.setAttribute("aria-label", labels.copyCode);
  }
  function onClick(event: MouseEvent) {
    const button = event.target instanceof Element ? event.target.closest(".copy-code") : null;
    const code = button?.parentElement?.querySelector("pre")?.textContent;
    if (!button || code === undefined) return;
    void navigator.clipboard.writeText(code).then(() => {
      button.textContent = labels.copied;
      setTimeout(() => (button.textContent = labels.copy), 1500);
    });
  }
  document.addEventListener("click", onClick);
  return () => document.removeEventListener("click", onClick);
}

/** The elements Tab stops at in an open menu, its toggle first; those CSS hides are left out. */
function menuStops(menu: HTMLDetailsElement): HTMLElement[] {
  const stops = menu.querySelectorAll<HTMLElement>("summary, a[href], button:not([disabled]), input:not([disabled])");
  return [...stops].filter((stop) => stop.getClientRects().length > 0);
}

/**
 * The element Tab (or Shift-Tab) should move to so that the focus cycles inside an open menu, or undefined where
 * the browser's own order already stays inside.
 */
export function cycledStop<T>(stops: readonly T[], current: unknown, backwards: boolean): T | undefined {
  const index = stops.findIndex((stop) => stop === current);
  if (backwards) return index <= 0 ? stops.at(-1) : undefined;
  return index === -1 || index === stops.length - 1 ? stops[0] : undefined;
}

/**
 * The header's ☰ <details> menu (every page; below 992 px): opening it moves the focus to its first link and Tab
 * cycles inside it; Escape and a click outside close it and give the focus back to its toggle, and focus moved out
 * of it otherwise closes it too. Without JavaScript the shade around it is the toggle, so a click beside the menu
 * still closes it; CSS locks page scrolling while it is open.
 */
export function bindHeaderMenu(menu: HTMLDetailsElement): () => void {
  const toggle = menu.querySelector("summary");
  const close = (refocus: boolean) => {
    menu.open = false;
    if (refocus) toggle?.focus();
  };
  const onToggle = () => {
    toggle?.setAttribute("aria-expanded", String(menu.open));
    if (menu.open) menu.querySelector<HTMLElement>(".nav-mobile-panel a[href]")?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    if (!menu.open || event.defaultPrevented) return;
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      const next = cycledStop(menuStops(menu), document.activeElement, event.shiftKey);
      if (!next) return;
      event.preventDefault();
      next.focus();
    }
  };
  const onClick = (event: MouseEvent) => {
    if (!menu.open || !(event.target instanceof Node) || menu.contains(event.target)) return;
    // A click on something focusable keeps the focus it gave.
    const focused = document.activeElement;
    close(!focused || focused === document.body || menu.contains(focused));
  };
  // A click on the menu's padding blurs to no element at all: only focus reaching another element closes it.
  const onFocusOut = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && !menu.contains(event.relatedTarget)) close(false);
  };
  toggle?.setAttribute("aria-expanded", String(menu.open));
  menu.addEventListener("toggle", onToggle);
  document.addEventListener("keydown", onKey);
  document.addEventListener("click", onClick);
  menu.addEventListener("focusout", onFocusOut);
  return () => {
    menu.removeEventListener("toggle", onToggle);
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("click", onClick);
    menu.removeEventListener("focusout", onFocusOut);
  };
}

/** Shows a language in every group of code tabs that has it (code-tabs.tsx); the others keep theirs. */
function showCodeLanguage(root: ParentNode, language: string) {
  for (const group of root.querySelectorAll(".code-tabs")) {
    const panels = [...group.querySelectorAll<HTMLElement>(".code-panel")];
    if (!panels.some((panel) => panel.dataset.codeLanguage === language)) continue;
    for (const panel of panels) panel.hidden = panel.dataset.codeLanguage !== language;
    for (const tab of group.querySelectorAll<HTMLButtonElement>(".code-tab"))
      tab.setAttribute("aria-pressed", String(tab.value === language));
  }
}

/**
 * The code tabs switch in place: a click shows its language in every group of the page and keeps it in the cookie
 * the server reads on the next page, instead of posting the tabs' form (its way without JavaScript). The clicked tab
 * stays where it was on the screen while the groups above it change height. A page a cache kept with another
 * choice (the service worker's offline copy, the back/forward cache) shows the cookie's at once.
 */
export function bindCodeTabs(): () => void {
  const showChosen = () => {
    const chosen = codeLanguageOfCookies(document.cookie);
    if (chosen) showCodeLanguage(document, chosen);
  };
  showChosen();
  function onClick(event: MouseEvent) {
    const tab = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button.code-tab") : null;
    if (!tab || !isCodeLanguage(tab.value)) return;
    event.preventDefault();
    const top = tab.getBoundingClientRect().top;
    showCodeLanguage(document, tab.value);
    document.cookie = codeLanguageCookie(tab.value, location.protocol === "https:");
    window.scrollBy(0, tab.getBoundingClientRect().top - top);
  }
  document.addEventListener("click", onClick);
  // A page the back button restores from memory shows the choice made since on another page.
  window.addEventListener("pageshow", showChosen);
  return () => {
    document.removeEventListener("click", onClick);
    window.removeEventListener("pageshow", showChosen);
  };
}
