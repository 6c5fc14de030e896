import { useIsomorphicEffect } from "@mantine/hooks";
import { createElement, lazy, Suspense, useEffect, useRef, type ComponentType } from "react";
import { REACHED_ATTRIBUTE, REACHING_EVENTS } from "~/modules/hydration/deferred-hydration";

const editingEvents = ["input", "change"] as const;

/** Mounted only when React shows the fallback, i.e. when there is no server HTML to keep: loads the code at once. */
function LoadNow({ load }: { load: () => void }) {
  useEffect(load, [load]);
  return null;
}

/** Rendered after the part, so its layout effect runs once React has hydrated (or rendered) the part. */
function OnHydrated({ run }: { run: () => void }) {
  useIsomorphicEffect(run, [run]);
  return null;
}

/** The part with its props passed as one prop: React.lazy cannot type the props of a generic component otherwise. */
function takingProps<Props extends object>(component: ComponentType<Props>): ComponentType<{ props: Props }> {
  return function Part({ props }: { props: Props }) {
    return createElement(component, props);
  };
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isControl(target: EventTarget | null): target is Control {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}

function isToggle(control: Control): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");
}

/** A control's address in its island: by id, or by name (and value, for a radio or a checkbox of a group). */
function controlSelector(control: Control): string | null {
  if (control.id) return `#${CSS.escape(control.id)}`;
  if (!control.name) return null;
  const named = `[name="${CSS.escape(control.name)}"]`;
  return isToggle(control) ? `${named}[value="${CSS.escape(control.value)}"]` : named;
}

/**
 * What a visitor typed or chose in a control before React hydrated it, to put back afterwards: React resets a
 * textarea it hydrates, and renders the part anew (new elements) when the server's HTML does not match.
 */
function editOf(control: Control): { selector: string; apply: (target: Control) => void } | null {
  const selector = controlSelector(control);
  if (!selector) return null;
  if (isToggle(control)) {
    const { checked } = control;
    return { selector, apply: (target) => isToggle(target) && (target.checked = checked) };
  }
  const { value } = control;
  return { selector, apply: (target) => (target.value = value) };
}

/** Whether a control holds something other than the server's HTML gave it: the visitor changed it. */
function isEdited(control: Control): boolean {
  if (isToggle(control)) return control.checked !== control.defaultChecked;
  if (control instanceof HTMLSelectElement) return [...control.options].some((option) => option.selected !== option.defaultSelected);
  return control.value !== control.defaultValue;
}

/**
 * A part of a page whose code the first page load does not download: it stays the server's HTML (its form
 * works as it does without JavaScript) until the visitor points at, touches or focuses it; then its chunk loads
 * and React hydrates it in place, keeping what the visitor typed meanwhile. Shown by a client-side navigation,
 * it has no server HTML and loads at once.
 *
 * `eager` is the component itself for the server render, `undefined` in the browser build (pass
 * `import.meta.env.SSR ? Component : undefined`, so the browser build leaves its module to `load`).
 */
export function hydrateOnInteraction<Props extends object>(
  eager: ComponentType<Props> | undefined,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let start = () => {};
  const reached = new Promise<void>((resolve) => (start = resolve));
  const Deferred = eager ? takingProps(eager) : lazy(() => reached.then(load).then((component) => ({ default: takingProps(component) })));

  return function Island(props: Props) {
    const element = useRef<HTMLDivElement>(null);
    const edits = useRef<Map<string, (target: Control) => void> | null>(new Map());

    useEffect(() => {
      const island = element.current;
      if (!island) return;
      const inside = (event: Event) => event.target instanceof Node && island.contains(event.target);
      const onReach = (event: Event) => {
        if (inside(event)) start();
      };
      const onEdit = (event: Event) => {
        const edit = inside(event) && isControl(event.target) ? editOf(event.target) : null;
        if (edit) edits.current?.set(edit.selector, edit.apply);
      };
      // On the window, capturing: React stops at the document the events aimed at a part it has not hydrated yet.
      const options = { capture: true, passive: true };
      for (const event of REACHING_EVENTS) window.addEventListener(event, onReach, options);
      for (const event of editingEvents) window.addEventListener(event, onEdit, options);
      // Reached before React ran: a docs page hydrates when a reader reaches for an island (deferred-hydration.ts),
      // and what the reader typed meanwhile is only in the controls.
      if (island.hasAttribute(REACHED_ATTRIBUTE)) {
        for (const control of island.querySelectorAll<Control>("input, textarea, select")) {
          const edit = isEdited(control) ? editOf(control) : null;
          if (edit) edits.current?.set(edit.selector, edit.apply);
        }
        start();
      }
      return () => {
        for (const event of REACHING_EVENTS) window.removeEventListener(event, onReach, options);
        for (const event of editingEvents) window.removeEventListener(event, onEdit, options);
      };
    }, []);

    const onHydrated = useRef(() => {
      edits.current?.forEach((apply, selector) => {
        const target = element.current?.querySelector(selector) ?? null;
        if (isControl(target)) apply(target);
      });
      edits.current = null;
      element.current?.setAttribute("data-hydrated", "true");
    }).current;

    return (
      <div ref={element} data-island="" style={{ display: "contents" }}>
        <Suspense fallback={<LoadNow load={start} />}>
          <Deferred props={props} />
          <OnHydrated run={onHydrated} />
        </Suspense>
      </div>
    );
  };
}
