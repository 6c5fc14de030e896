import { UPDATE_CHECK_INTERVAL_MS, shouldApplyUpdate, shouldCheckForUpdate, shouldReloadOnControllerChange } from "./update-check";

const WORKER_URL = "/sw.js";

/**
 * Registers the service worker (public/sw.js) at once in production builds, checks for an updated one every
 * 15 minutes, tells a waiting one to take over, and reloads the page once when an updated worker has. Once per
 * page: a docs page's own script starts it before the client entry, which may load later (deferred-hydration.ts),
 * and the mark on <html> is what both bundles see.
 */
export function startServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const root = document.documentElement;
  if (root.dataset.serviceWorker) return;
  root.dataset.serviceWorker = "started";
  const container = navigator.serviceWorker;
  let hadController = container.controller !== null;
  let reloading = false;
  container.addEventListener("controllerchange", () => {
    if (shouldReloadOnControllerChange({ hadController, reloading })) {
      reloading = true;
      window.location.reload();
    }
    hadController = true;
  });
  container.register(WORKER_URL, { scope: "/" }).then(
    (registration) => {
      activateWaiting(registration);
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker?.addEventListener("statechange", () => {
          if (worker.state === "installed") activateWaiting(registration);
        });
      });
      window.setInterval(() => void checkForUpdate(registration), UPDATE_CHECK_INTERVAL_MS);
    },
    (error: unknown) => console.warn("The service worker could not be registered:", error),
  );
}

function activateWaiting(registration: ServiceWorkerRegistration) {
  registration.waiting?.postMessage({ type: "SKIP_WAITING" });
}

/** SPEC.md section 7: a GET of the script with caching disabled, and an update only when it answered 200. */
async function checkForUpdate(registration: ServiceWorkerRegistration) {
  if (!shouldCheckForUpdate({ online: navigator.onLine, installing: registration.installing !== null })) return;
  try {
    const response = await fetch(WORKER_URL, { cache: "no-store", headers: { "cache-control": "no-cache" } });
    await response.body?.cancel();
    if (shouldApplyUpdate(response.status)) await registration.update();
  } catch (error) {
    // The connection dropped between the online test and the answer: the next check tries again.
    console.warn("The service worker update check failed:", error);
  }
}
