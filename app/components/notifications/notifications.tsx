import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TOAST_FADE_MS, TOAST_VISIBLE_MS, type Toast } from "~/modules/toast/toast";

interface ShownToast extends Toast {
  fading: boolean;
}

/**
 * Toasts from the flash cookie. Server-rendered, so they show after a plain form post; without
 * JavaScript a CSS animation fades them, with it a timer marks them fading after 5000 ms and removes
 * them 500 ms later. The close control works either way: its checkbox hides the toast by CSS, and with
 * JavaScript also fades and removes it at once.
 */
export function Notifications({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ShownToast[]>(toast ? [{ ...toast, fading: false }] : []);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>[]>());

  const remove = useCallback((id: string) => {
    setShown((list) => list.filter((item) => item.id !== id));
  }, []);

  const fade = useCallback(
    (id: string) => {
      setShown((list) => list.map((item) => (item.id === id ? { ...item, fading: true } : item)));
      const removal = setTimeout(() => remove(id), TOAST_FADE_MS);
      timers.current.set(id, [...(timers.current.get(id) ?? []), removal]);
    },
    [remove],
  );

  useEffect(() => {
    if (!toast) return;
    setShown((list) => (list.some((item) => item.id === toast.id) ? list : [...list, { ...toast, fading: false }]));
    const fadeTimer = setTimeout(() => fade(toast.id), TOAST_VISIBLE_MS);
    timers.current.set(toast.id, [fadeTimer]);
  }, [toast, fade]);

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((list) => list.forEach(clearTimeout));
  }, []);

  const close = (id: string) => {
    timers.current.get(id)?.forEach(clearTimeout);
    fade(id);
  };

  return (
    <section className="notifications" aria-label={t("notifications.region")} aria-live="polite">
      {shown.map((item) => {
        const dismissId = `notification-dismiss-${item.id}`;
        return (
          <div key={item.id} className="notification-slot">
            {/* The close control is a checkbox, so it closes without JavaScript too: CSS hides the toast it precedes. */}
            <input
              type="checkbox"
              id={dismissId}
              className="notification-dismiss visually-hidden"
              aria-label={t("notifications.close")}
              onChange={() => close(item.id)}
            />
            <div
              role={item.type === "error" ? "alert" : "status"}
              className={`notification notification-${item.type}${item.fading ? " is-fading" : ""}`}
              data-testid="notification"
            >
              <span className="visually-hidden">{t(`notifications.types.${item.type}`)}: </span>
              <p className="notification-content">{t(item.message, item.values ?? {}) as string}</p>
              <label htmlFor={dismissId} className="notification-close" aria-hidden="true">
                ×
              </label>
            </div>
          </div>
        );
      })}
    </section>
  );
}
