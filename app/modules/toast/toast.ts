export const toastTypes = ["success", "info", "error"] as const;

/** A one-shot notification; `message` is an i18n key, `values` its interpolations. No zod here: the browser imports it. */
export interface Toast {
  id: string;
  type: (typeof toastTypes)[number];
  message: string;
  values?: Record<string, string>;
}
export type ToastInput = Omit<Toast, "id"> & { id?: string };

/** A toast lives 5000 ms, then fades for 500 ms before it is removed (SPEC.md section 9). */
export const TOAST_VISIBLE_MS = 5000;
export const TOAST_FADE_MS = 500;
