import { sha256 } from "~/modules/auth/crypto.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import type { ExchangeFailure } from "./registration-outcome";
import { looksLikeAccessToken } from "./sandbox-paths";
import { issueTrialKey } from "./trial-keys.server";

export type AccessLinkState = { status: "open"; registrationId: string; linkExpiresAt: string } | { status: ExchangeFailure };

export type AccessExchange = { status: "issued"; key: string; expiresAt: string } | { status: ExchangeFailure };

/** What following an access link would do, changing nothing: an expired link is expired whether or not it issued its key. */
export async function accessLinkState(token: string, now = new Date()): Promise<AccessLinkState> {
  if (!looksLikeAccessToken(token)) return { status: "unknown" };
  const registration = await db
    .selectFrom("sandbox_registrations")
    .select(["id", "link_expires_at", "key_issued_at"])
    .where("token_hash", "=", sha256(token))
    .executeTakeFirst();
  if (!registration) return { status: "unknown" };
  if (Date.parse(registration.link_expires_at) <= now.getTime()) return { status: "expired" };
  if (registration.key_issued_at !== null) return { status: "used" };
  return { status: "open", registrationId: registration.id, linkExpiresAt: registration.link_expires_at };
}

/**
 * Exchanges an open access link for its one trial key, valid until the link's own end. The link is marked first,
 * conditionally on being unmarked, so of two concurrent exchanges only one issues a key.
 */
export async function exchangeAccessToken(token: string, now = new Date()): Promise<AccessExchange> {
  const state = await accessLinkState(token, now);
  if (state.status !== "open") return state;
  const marked = await db
    .updateTable("sandbox_registrations")
    .set({ key_issued_at: nowIso(now) })
    .where("id", "=", state.registrationId)
    .where("key_issued_at", "is", null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 0) return { status: "used" };
  const key = await issueTrialKey(state.registrationId, new Date(state.linkExpiresAt), now);
  return { status: "issued", key, expiresAt: state.linkExpiresAt };
}
