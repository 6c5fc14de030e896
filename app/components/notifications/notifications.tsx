import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TOAST_FADE_MS, TOAST_VISIBLE_MS, type Toast } from "~/modules/toast/toast";

interface ShownToast extends Toast {
  fading: boolean;
}

/**
 * Toasts from the flash cookie. Server-rendered, so they show after a plain form post; without
 * JavaScript a CSS animation fades them, with it a timer marks them fading after 5000 ms and removes
 * them 500 ms later, and the close button fades at once.
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

  return (
    <section className="notifications" aria-label={t("notifications.region")} aria-live="polite">
      {shown.map((item) => (
        <div
          key={item.id}
          role={item.type === "error" ? "alert" : "status"}
          className={`notification notification-${item.type}${item.fading ? " is-fading" : ""}`}
          data-testid="notification"
        >
          <span className="visually-hidden">{t(`notifications.types.${item.type}`)}: </span>
          <p className="notification-content">{t(item.message, item.values ?? {}) as string}</p>
          <button
            type="button"
            className="notification-close"
            aria-label={t("notifications.close")}
            onClick={() => {
              timers.current.get(item.id)?.forEach(clearTimeout);
              fade(item.id);
            }}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
