import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { clientAddress } from "~/modules/http/client-address.server";
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

/** Kept of the browser's User-Agent: enough to tell browser and system apart, never an unbounded header. */
const USER_AGENT_CHARS = 256;

/**
 * A new session with a new id at every sign-in; the cookie holds the signed id, the database its hash. The
 * sign-in request, when given, leaves its browser and address for the user's list of sessions.
 */
export async function createSession(userId: string, platform: Platform, signIn?: Request): Promise<{ token: string; cookie: string }> {
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
      user_agent: signIn?.headers.get("User-Agent")?.slice(0, USER_AGENT_CHARS) || null,
      address: signIn ? clientAddress(signIn) : null,
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

/** Characters of the session's id hash that name it in forms and the JSON API: not the token, not enough to forge one. */
const HANDLE_CHARS = 16;
const HANDLE_PATTERN = /^[0-9a-f]{16}$/;

/** One of a user's live sessions, as the user's own list shows it. */
export interface UserSession {
  handle: string;
  userAgent: string | null;
  address: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

/** The id hash of the request's own session, or null without one. */
async function findCurrentSessionHash(request: Request): Promise<string | null> {
  return (await findSession(request))?.id_hash ?? null;
}

/** The user's sessions that still work, the request's own first, then the most recently used. */
export async function listUserSessions(userId: string, request: Request): Promise<UserSession[]> {
  const current = await findCurrentSessionHash(request);
  const rows = await db.selectFrom("sessions").selectAll().where("user_id", "=", userId).execute();
  const now = Date.now();
  return rows
    .filter((row) => sessionState(row, now, IDLE_MS) !== "ended")
    .map((row) => ({
      handle: row.id_hash.slice(0, HANDLE_CHARS),
      userAgent: row.user_agent,
      address: row.address,
      createdAt: row.created_at,
      lastUsedAt: row.last_seen_at ?? row.created_at,
      current: row.id_hash === current,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
}

/** Ends one session of the user by its handle; false when the user has no such session. */
export async function endUserSession(userId: string, handle: string): Promise<boolean> {
  if (!HANDLE_PATTERN.test(handle)) return false;
  const result = await db.deleteFrom("sessions").where("user_id", "=", userId).where("id_hash", "like", `${handle}%`).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Ends every session of the account but the request's own: the other browsers and the fund-flows bearer
 * sessions, which a password opened (a changed password, "sign out everywhere else").
 */
export async function endOtherSessions(userId: string, request: Request): Promise<void> {
  const current = await findCurrentSessionHash(request);
  let others = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (current) others = others.where("id_hash", "!=", current);
  await others.execute();
  await db.deleteFrom("data_api_sessions").where("user_id", "=", userId).execute();
}

/** Ends every session of the account, in the browser and its fund-flows bearer sessions alike (a new password). */
export async function destroyAllSessions(userId: string): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
  await db.deleteFrom("data_api_sessions").where("user_id", "=", userId).execute();
}
