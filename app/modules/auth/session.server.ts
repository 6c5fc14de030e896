import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { isPlatform, type Platform } from "~/modules/registry/registry";
import { randomToken, sha256, sign, unsign } from "./crypto.server";
import { decodeCookieValue, sessionState } from "./session-rules";
import { SESSION_ID_BYTES } from "./token-shapes";
import { loadCurrentUser, type CurrentUser } from "./users.server";

export const SESSION_COOKIE = "token";
const SESSION_DAYS = 14;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
const IDLE_MS = env.SESSION_IDLE_HOURS * 60 * 60 * 1000;

function cookieAttributes(maxAgeSeconds: number): string {
  const secure = env.PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

/** A new session with a new id at every sign-in; the cookie holds the signed id, the database its hash. */
export async function createSession(userId: string, platform: Platform): Promise<{ token: string; cookie: string }> {
  const id = randomToken(SESSION_ID_BYTES);
  const now = new Date();
  await db
    .insertInto("sessions")
    .values({
      id_hash: sha256(id),
      user_id: userId,
      platform,
      created_at: nowIso(now),
      last_seen_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + SESSION_MS)),
    })
    .execute();
  const token = sign(id);
  return { token, cookie: `${SESSION_COOKIE}=${token}; ${cookieAttributes(SESSION_MS / 1000)}` };
}

export function clearSessionCookie(): string {
  return `${SESSION_COOKIE}=; ${cookieAttributes(0)}`;
}

/** The session token of a request: the `token` cookie, or `Authorization: Bearer` (the JSON API). */
export function readSessionToken(request: Request): string | null {
  const authorization = request.headers.get("Authorization");
  if (authorization?.startsWith("Bearer ")) return authorization.slice(7).trim() || null;
  const cookies = request.headers.get("Cookie") ?? "";
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeCookieValue(value.join("="));
  }
  return null;
}

async function findSession(request: Request) {
  const token = readSessionToken(request);
  const id = token ? unsign(token) : null;
  if (!id) return null;
  const session = await db.selectFrom("sessions").selectAll().where("id_hash", "=", sha256(id)).executeTakeFirst();
  if (!session) return null;
  const now = Date.now();
  const state = sessionState(session, now, IDLE_MS);
  if (state === "ended") {
    await db.deleteFrom("sessions").where("id_hash", "=", session.id_hash).execute();
    return null;
  }
  if (state === "refresh") {
    // Conditional on the value read, so concurrent requests of one session write once.
    await db
      .updateTable("sessions")
      .set({ last_seen_at: nowIso(new Date(now)) })
      .where("id_hash", "=", session.id_hash)
      .where((eb) => (session.last_seen_at === null ? eb("last_seen_at", "is", null) : eb("last_seen_at", "=", session.last_seen_at)))
      .execute();
  }
  return session;
}

/** Whose session a token is and whether it still works, changing nothing (the token decoder). */
export async function describeSessionToken(token: string): Promise<{ userId: string; status: "active" | "expired" } | null> {
  const id = unsign(token);
  if (!id) return null;
  const session = await db.selectFrom("sessions").selectAll().where("id_hash", "=", sha256(id)).executeTakeFirst();
  if (!session) return null;
  return { userId: session.user_id, status: sessionState(session, Date.now(), IDLE_MS) === "ended" ? "expired" : "active" };
}

async function lookUpUser(request: Request): Promise<CurrentUser | null> {
  const session = await findSession(request);
  if (!session || !isPlatform(session.platform)) return null;
  return loadCurrentUser(session.user_id, session.platform);
}

/** Remix hands every loader of one request the same Request: the root, the layout and the page share one lookup. */
const usersByRequest = new WeakMap<Request, Promise<CurrentUser | null>>();

/** The signed-in user, or null for visitors, unknown, expired or ended sessions. */
export function getOptionalUser(request: Request): Promise<CurrentUser | null> {
  let user = usersByRequest.get(request);
  if (!user) {
    user = lookUpUser(request);
    usersByRequest.set(request, user);
  }
  return user;
}

export async function destroySession(request: Request): Promise<void> {
  usersByRequest.delete(request);
  const session = await findSession(request);
  if (session) await db.deleteFrom("sessions").where("id_hash", "=", session.id_hash).execute();
}

/** Ends every session of the account, in the browser and its fund-flows bearer sessions alike (a new password). */
export async function destroyAllSessions(userId: string): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
  await db.deleteFrom("data_api_sessions").where("user_id", "=", userId).execute();
}
