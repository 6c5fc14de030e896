/** Pure rules of server-side sessions: when one ends, when its last use is recorded, how its cookie reads. */

/** Last use is written at most once a minute per session, not on every request. */
const SESSION_SEEN_REFRESH_MS = 60 * 1000;

export interface SessionTimes {
  expires_at: string;
  created_at: string;
  last_seen_at: string | null;
}

/** "ended" (past its lifetime or idle too long), "refresh" (record this use) or "fresh". */
export function sessionState(session: SessionTimes, now: number, idleMs: number): "ended" | "refresh" | "fresh" {
  const lastSeen = Date.parse(session.last_seen_at ?? session.created_at);
  if (Date.parse(session.expires_at) <= now || now - lastSeen > idleMs) return "ended";
  return now - lastSeen >= SESSION_SEEN_REFRESH_MS ? "refresh" : "fresh";
}

/** Reads the `token` cookie's value; a value that is not valid percent-encoding is no session. */
export function decodeCookieValue(value: string): string | null {
  try {
    return decodeURIComponent(value) || null;
  } catch {
    return null;
  }
}
