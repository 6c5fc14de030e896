/** A sandbox trial key: the prefix and random base64url characters (see trial-keys.server.ts). */
export const TRIAL_KEY_PREFIX = "sbx_";

/** Whether a value has the shape of a trial key, before any lookup. */
export function looksLikeTrialKey(value: string): boolean {
  return value.startsWith(TRIAL_KEY_PREFIX) && value.length < 100;
}
