/**
 * The quick search dialog (issue 28), a classic script Vite builds on its own (`?worker&url` in
 * components/docs/quick-search.tsx) and a docs page loads on the first "/" or Ctrl/Cmd-K (quick-search.ts). Plain
 * DOM code, so it works the same before React hydrates a docs page and after: a modal <dialog> made on opening and
 * removed on closing (React never meets it), a combobox whose results come from /api/search as one types, arrow
 * keys to choose, Enter to open (or, with nothing chosen, the search page), Escape to close, the focus back where it
 * was. Relative imports only: Vite builds this file without the app's path aliases.
 */
import { QUICK_SEARCH_ID, QUICK_SEARCH_OPEN_EVENT, QUICK_SEARCH_READY_ATTRIBUTE, type QuickSearchLabels } from "./quick-search";

interface Result {
  href: string;
  title: string;
  section: string;
  kind: string;
  set: string;
  copies?: { language: string; href: string }[];
}

const LISTBOX_ID = "quick-search-results";
const TITLE_ID = "quick-search-title";
const RESULT_LIMIT = 8;
/** Waits for a pause in typing before asking the server. */
const TYPING_PAUSE_MS = 120;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) => String(values[name] ?? match));
}

interface Config {
  labels: QuickSearchLabels;
  api: string;
  page: string;
}

function readConfig(): Config | null {
  const config = document.getElementById(QUICK_SEARCH_ID);
  const { labels, api, page } = config?.dataset ?? {};
  return labels && api && page ? { labels: JSON.parse(labels) as Config["labels"], api, page } : null;
}

function open() {
  const current = document.querySelector<HTMLDialogElement>("dialog.quick-search[open]");
  if (current) {
    current.querySelector("input")?.select();
    return;
  }
  const config = readConfig();
  if (config) new QuickSearch(config, document.activeElement);
}

class QuickSearch {
  private readonly dialog: HTMLDialogElement;
  private readonly input: HTMLInputElement;
  private readonly status: HTMLElement;
  private readonly listbox: HTMLUListElement;
  private readonly all: HTMLAnchorElement;
  private results: Result[] = [];
  /** The query the listed results answer */
  private shownFor = "";
  private active = -1;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private request: AbortController | undefined;

  constructor(
    private readonly config: Config,
    private readonly returnFocus: Element | null,
  ) {
    const { labels } = config;
    this.input = element("input", {
      type: "search",
      name: "q",
      role: "combobox",
      "aria-label": labels.label,
      "aria-autocomplete": "list",
      "aria-controls": LISTBOX_ID,
      "aria-expanded": "false",
      autocomplete: "off",
      spellcheck: "false",
      maxlength: "200",
      class: "quick-search-input",
    });
    const close = element(
      "button",
      { type: "button", class: "quick-search-close" },
      element("span", { "aria-hidden": "true" }, "✕"),
      element("span", { class: "visually-hidden" }, labels.close),
    );
    this.status = element("p", { role: "status", class: "quick-search-status" });
    this.listbox = element("ul", { id: LISTBOX_ID, role: "listbox", "aria-label": labels.results, class: "quick-search-results" });
    this.listbox.hidden = true;
    this.all = element("a", { class: "quick-search-all", href: config.page });
    this.all.hidden = true;
    this.dialog = element(
      "dialog",
      { class: "quick-search", "aria-labelledby": TITLE_ID },
      element("div", { class: "quick-search-head" }, element("h2", { id: TITLE_ID, class: "quick-search-title" }, labels.title), close),
      element("form", { method: "get", action: config.page, role: "search", class: "quick-search-form" }, this.input),
      this.status,
      this.listbox,
      this.all,
      element("p", { class: "quick-search-hint" }, labels.hint),
    );

    this.input.addEventListener("input", () => this.schedule());
    this.input.addEventListener("keydown", (event) => this.onKey(event));
    this.dialog.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      this.dialog.close();
    });
    this.dialog.addEventListener("click", (event) => {
      if (event.target === this.dialog) this.dialog.close();
    });
    this.dialog.addEventListener("close", () => this.remove());
    close.addEventListener("click", () => this.dialog.close());
    this.listbox.addEventListener("click", (event) => {
      const option = event.target instanceof Element ? event.target.closest<HTMLElement>("[role=option]") : null;
      if (option?.dataset.href) window.location.assign(option.dataset.href);
    });

    document.body.append(this.dialog);
    this.dialog.showModal();
    this.input.focus();
  }

  private schedule() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.search(this.input.value.trim()), TYPING_PAUSE_MS);
  }

  private async search(q: string) {
    this.request?.abort();
    if (!q) {
      this.show(q, [], 0);
      return;
    }
    const request = new AbortController();
    this.request = request;
    this.status.textContent = this.config.labels.searching;
    try {
      const separator = this.config.api.includes("?") ? "&" : "?";
      const response = await fetch(`${this.config.api}${separator}${new URLSearchParams({ q, limit: String(RESULT_LIMIT) })}`, {
        signal: request.signal,
      });
      if (!response.ok) throw new Error(`search answered ${response.status}`);
      const { total, results } = (await response.json()) as { total: number; results: Result[] };
      this.show(q, results, total);
    } catch (error) {
      if (!request.signal.aborted) {
        // The search page still answers: Enter opens it.
        this.show(q, [], 0);
        console.error(error);
      }
    }
  }

  private show(q: string, results: Result[], total: number) {
    const { labels } = this.config;
    this.results = results;
    this.shownFor = q;
    this.listbox.replaceChildren(
      ...results.map((result, index) => {
        const languages = result.copies?.map((copy) => labels.languages[copy.language] ?? copy.language).join(", ");
        const meta = [labels.kinds[result.kind] ?? result.kind, labels.sets[result.set], languages ?? result.section]
          .filter(Boolean)
          .join(" · ");
        return element(
          "li",
          {
            id: `quick-search-option-${index}`,
            role: "option",
            "aria-selected": "false",
            "data-href": result.href,
            class: "quick-search-option",
          },
          element("span", { class: "quick-search-option-title" }, result.title),
          element("span", { class: "quick-search-option-meta" }, meta),
        );
      }),
    );
    this.listbox.hidden = results.length === 0;
    this.input.setAttribute("aria-expanded", String(results.length > 0));
    const plural = new Intl.PluralRules(document.documentElement.lang || undefined).select(total);
    this.status.textContent = !q
      ? ""
      : total === 0
        ? fill(labels.noResults, { query: q })
        : fill(plural === "one" ? labels.totalOne : labels.totalOther, { count: total, query: q });
    this.all.hidden = total === 0;
    this.all.href = `${this.config.page}?${new URLSearchParams({ q })}`;
    this.all.textContent = fill(labels.all, { query: q });
    this.choose(results.length > 0 ? 0 : -1);
  }

  private choose(index: number) {
    this.listbox.querySelector('[aria-selected="true"]')?.setAttribute("aria-selected", "false");
    this.active = index;
    const option = index >= 0 ? document.getElementById(`quick-search-option-${index}`) : null;
    if (!option) {
      this.input.removeAttribute("aria-activedescendant");
      return;
    }
    option.setAttribute("aria-selected", "true");
    this.input.setAttribute("aria-activedescendant", option.id);
    option.scrollIntoView({ block: "nearest" });
  }

  private onKey(event: KeyboardEvent) {
    const count = this.results.length;
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && count > 0) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      this.choose((this.active + step + count) % count);
    } else if (event.key === "Enter" && !event.isComposing) {
      const chosen = this.results[this.active];
      // Typed since the results came: the search page answers what is in the field now.
      if (!chosen || this.shownFor !== this.input.value.trim()) return;
      event.preventDefault();
      window.location.assign(chosen.href);
    }
  }

  private remove() {
    clearTimeout(this.timer);
    this.request?.abort();
    this.dialog.remove();
    if (this.returnFocus instanceof HTMLElement && this.returnFocus.isConnected) this.returnFocus.focus();
  }
}

document.addEventListener(QUICK_SEARCH_OPEN_EVENT, open);
document.documentElement.setAttribute(QUICK_SEARCH_READY_ATTRIBUTE, "ready");
