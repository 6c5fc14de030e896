/**
 * The docs' quick search (issue 28): "/" or Ctrl/Cmd-K on a docs page opens a dialog with results as one types.
 * This is its small always-loaded half: the shortcut, and the loading of the dialog's own script
 * (quick-search.browser.ts) on first use, so a docs page's first load stays within its JavaScript budget. The page
 * says where that script is, which search API and page to use and the dialog's labels on the element
 * `#quick-search` (components/docs/quick-search.tsx). Relative imports only: docs-page.browser.ts builds it in.
 */

export const QUICK_SEARCH_ID = "quick-search";
/** Dispatched on the document to open the dialog, once its script runs. */
export const QUICK_SEARCH_OPEN_EVENT = "quick-search:open";
/** Set on <html> by the dialog's script when it listens for the open event. */
export const QUICK_SEARCH_READY_ATTRIBUTE = "data-quick-search";

/** The dialog's labels, in the page's language; `{{query}}` and `{{count}}` are filled in by the dialog. */
export interface QuickSearchLabels {
  title: string;
  label: string;
  results: string;
  close: string;
  hint: string;
  searching: string;
  /** "{{count}} results for “{{query}}”", for Intl.PluralRules' "one" and "other" */
  totalOne: string;
  totalOther: string;
  noResults: string;
  all: string;
  kinds: Record<string, string>;
  /** A guide's languages by code */
  languages: Record<string, string>;
  /** The sets' names by id, when the results come from every set; empty otherwise */
  sets: Record<string, string>;
}

export interface QuickSearchKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The keyboard focus is in a text field, where "/" is typed rather than a shortcut */
  typing: boolean;
}

/** "/" outside text fields without modifiers, or Ctrl-K / Cmd-K anywhere. */
export function isQuickSearchShortcut({ key, ctrlKey, metaKey, altKey, typing }: QuickSearchKey): boolean {
  if (altKey) return false;
  if (key === "/") return !ctrlKey && !metaKey && !typing;
  return key.toLowerCase() === "k" && ctrlKey !== metaKey;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["button", "checkbox", "radio", "reset", "submit"].includes(target.type);
}

/** Opens the dialog (or, open, brings the focus back to its field), loading its script first when it has not run yet. */
function openQuickSearch(config: HTMLElement) {
  const open = () => document.dispatchEvent(new CustomEvent(QUICK_SEARCH_OPEN_EVENT));
  if (document.documentElement.hasAttribute(QUICK_SEARCH_READY_ATTRIBUTE)) {
    open();
    return;
  }
  const source = config.dataset.script;
  if (!source) return;
  let script = document.querySelector<HTMLScriptElement>(`script[src="${CSS.escape(source)}"]`);
  if (!script) {
    script = document.createElement("script");
    script.src = source;
    document.head.append(script);
  }
  script.addEventListener("load", open, { once: true });
}

/**
 * Listens for the shortcut, and for clicks on the side menu's quick search button, on pages that have a quick
 * search; answers the function that stops listening.
 */
export function bindQuickSearchShortcut(): () => void {
  const onClick = (event: MouseEvent) => {
    const config = document.getElementById(QUICK_SEARCH_ID);
    if (config && event.target instanceof Element && event.target.closest(".quick-search-open")) openQuickSearch(config);
  };
  const onKey = (event: KeyboardEvent) => {
    const config = document.getElementById(QUICK_SEARCH_ID);
    if (!config || event.defaultPrevented || event.isComposing) return;
    const { key, ctrlKey, metaKey, altKey } = event;
    if (!isQuickSearchShortcut({ key, ctrlKey, metaKey, altKey, typing: isTyping(event.target) })) return;
    event.preventDefault();
    openQuickSearch(config);
  };
  document.addEventListener("keydown", onKey);
  document.addEventListener("click", onClick);
  return () => {
    document.removeEventListener("keydown", onKey);
    document.removeEventListener("click", onClick);
  };
}
