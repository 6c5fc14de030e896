import { z } from "zod";
import { sha256 } from "~/modules/auth/crypto.server";
import { decodeCookieValue } from "~/modules/auth/session-rules";
import { db } from "~/modules/db/db.server";
import { env } from "~/modules/env/env.server";
import { openBoundSecret, sealBoundSecret } from "~/modules/secrets/secret-key.server";
import { looksLikeTrialKey } from "./trial-key-shape";

/**
 * The sandbox trial key a browser holds: set when the visitor's access link issues it, so the sandbox docs and
 * the query builder can use it without pasting. The cookie carries the key and its end sealed together under
 * ENCRYPTION_KEY (AES-GCM), so it is neither readable nor alterable in the browser; it is HttpOnly, SameSite=Lax
 * and Secure wherever the portal is served over https, and the browser drops it when the key expires.
 */
export const SANDBOX_TRIAL_COOKIE = "sandbox_trial";
const BINDING = "sandbox trial key cookie";

const sealedSchema = z.object({ key: z.string(), expiresAt: z.string().datetime() });

function attributes(maxAgeSeconds: number): string {
  const secure = env.PUBLIC_URL.startsWith("https://") ? "; Secure" : "";
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

function cookieValue(request: Request): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === SANDBOX_TRIAL_COOKIE) return decodeCookieValue(value.join("="));
  }
  return null;
}

/** The trial key the visitor's browser holds while it is valid; null without one, or for a tampered or expired one. */
export async function readSandboxTrialKey(request: Request, now = new Date()): Promise<string | null> {
  const stored = cookieValue(request);
  if (!stored) return null;
  let opened: unknown;
  try {
    opened = JSON.parse(openBoundSecret(stored, BINDING));
  } catch {
    return null;
  }
  const parsed = sealedSchema.safeParse(opened);
  if (!parsed.success || !looksLikeTrialKey(parsed.data.key) || Date.parse(parsed.data.expiresAt) <= now.getTime()) return null;
  return parsed.data.key;
}

/** The Set-Cookie value that hands a just-issued trial key to the browser until the key's own end. */
export async function sandboxTrialKeyCookie(key: string, now = new Date()): Promise<string> {
  const row = await db.selectFrom("trial_keys").select("expires_at").where("key_hash", "=", sha256(key)).executeTakeFirst();
  if (!row) throw new Error("sandboxTrialKeyCookie: the key was not issued");
  const expiresAt = new Date(row.expires_at);
  const sealed = sealBoundSecret(JSON.stringify({ key, expiresAt: expiresAt.toISOString() }), BINDING);
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return `${SANDBOX_TRIAL_COOKIE}=${encodeURIComponent(sealed)}; ${attributes(maxAge)}`;
}
