/** How often an open page asks whether the service worker changed (SPEC.md section 9: 900000 ms). */
export const UPDATE_CHECK_INTERVAL_MS = 15 * 60 * 1000;

/** Offline the check cannot answer, and a worker that is installing already is the update. */
export function shouldCheckForUpdate({ online, installing }: { online: boolean; installing: boolean }): boolean {
  return online && !installing;
}

/** Only a script that answered 200 is worth an update: an error page or a redirect is no worker. */
export function shouldApplyUpdate(status: number): boolean {
  return status === 200;
}

/**
 * A page reloads once when an updated worker takes it over, so page and worker come from the same release; the
 * first worker to take control of a page that had none changes nothing the page shows.
 */
export function shouldReloadOnControllerChange({ hadController, reloading }: { hadController: boolean; reloading: boolean }): boolean {
  return hadController && !reloading;
}
