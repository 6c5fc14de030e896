import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/**
 * While `active`, reloads the page's data every few seconds without reloading the page (loaders run again,
 * React updates in place); stops when nothing changes any more or the tab is hidden.
 */
export function useLiveRevalidation(active: boolean, intervalMs = 2000) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs, revalidator]);
}
