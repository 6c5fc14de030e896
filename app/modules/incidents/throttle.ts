import { isRouteErrorResponse } from "@remix-run/react";

export interface Admission {
  /** The id the error page shows: a repeat shows the id of its first occurrence; null past the cap. */
  id: string | null;
  /** Whether this failure gets a row of its own. */
  record: boolean;
}

/**
 * Keeps a flood of errors from filling the incidents table: within a window, a failure that repeats
 * (same fingerprint) is recorded once, and at most `maxPerWindow` distinct failures are recorded at all.
 * It decides synchronously, so the error page can show the id before the row is written.
 */
export class IncidentThrottle {
  private readonly seen = new Map<string, { id: string; at: number }>();

  constructor(
    private readonly windowMs = 60_000,
    private readonly maxPerWindow = 30,
  ) {}

  admit(fingerprint: string, newId: () => string, now = Date.now()): Admission {
    for (const [key, entry] of this.seen) if (now - entry.at >= this.windowMs) this.seen.delete(key);
    const previous = this.seen.get(fingerprint);
    if (previous) return { id: previous.id, record: false };
    if (this.seen.size >= this.maxPerWindow) return { id: null, record: false };
    const id = newId();
    this.seen.set(fingerprint, { id, at: now });
    return { id, record: true };
  }
}

/**
 * One failure: the same path, message and credentials (read from the headers, as the decision cannot
 * wait for the session lookup), so one client's flood is one row while another user's report is its own.
 * The query is left out: varying it would make every request a new failure.
 */
export function incidentFingerprint(request: Request, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const url = new URL(request.url);
  const credentials = `${request.headers.get("Authorization") ?? ""} ${/(?:^|;\s*)token=([^;]*)/.exec(request.headers.get("Cookie") ?? "")?.[1] ?? ""}`;
  return [url.pathname, message, credentials].join("\n");
}

/** Remix reports every `?_data=` request of an app that uses single fetch, although it answers it. */
const SINGLE_FETCH_WARNING = "Warning: Single fetch-enabled apps should not be making ?_data requests";

/**
 * Whether a failure Remix hands to handleError is one an admin must look at: not an answer a route chose (a thrown
 * Response, a 404 for an unknown path) and not Remix's warning about `?_data=` requests, which anyone can send to
 * fill the table.
 */
export function isIncident(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return false;
  return !(error instanceof Error && error.message.startsWith(SINGLE_FETCH_WARNING));
}
