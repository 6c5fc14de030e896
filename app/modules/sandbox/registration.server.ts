import { randomToken, sha256 } from "~/modules/auth/crypto.server";
import { verifyFormCaptcha, type CaptchaChannel } from "~/modules/captcha/form-captcha.server";
import { recaptchaSiteKey } from "~/modules/captcha/recaptcha.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { env } from "~/modules/env/env.server";
import { fixedT } from "~/modules/i18n/i18n.server";
import { localizePath, type Language } from "~/modules/i18n/language";
import { sendMail } from "~/modules/mail/mail.server";
import { addressLimitKey } from "~/modules/rate-limit/address-key";
import { hitRateLimit } from "~/modules/rate-limit/rate-limit.server";
import type { RegistrationFailure } from "./registration-outcome";
import type { SandboxRegistrationInput } from "./registration-schema";
import { ACCESS_TOKEN_BYTES, accessLinkPath } from "./sandbox-paths";
import { TRIAL_DAYS } from "./trial-keys.server";

const LIMIT_WINDOW_MS = 60 * 60 * 1000;
/** Registrations an hour from one client address, and for one e-mail address. */
export const REGISTRATIONS_PER_ADDRESS = 5;
export const REGISTRATIONS_PER_EMAIL = 3;
const LINK_VALID_MS = TRIAL_DAYS * 24 * 60 * 60 * 1000;

/** `resent`: the e-mail address's trial was still live, so its registration got a fresh link instead of a new trial. */
export type RegistrationOutcome = { status: "registered"; id: string; linkExpiresAt: string; resent: boolean } | RegistrationFailure;

export interface RegistrationContext {
  clientAddress: string | null;
  /** A page's form may answer the text challenge; the JSON API must solve the proof of work. */
  channel: CaptchaChannel;
  /** The page's (or the API call's) language: the e-mail and its link speak it. */
  language: Language;
  now?: Date;
}

/**
 * Registers for the sandbox: within the client address's hourly budget (counted before the captcha, so guessing
 * answers spends it), with a verified captcha, within the e-mail address's budget (counted after the captcha, so
 * nobody can use up someone else's address without solving one). The registration is stored with its access
 * link's token as SHA-256, and the link is e-mailed; it is valid 7 days. While an earlier registration of the same
 * e-mail address is live (its link, and so its trial key, not yet expired) no second trial starts: only the token's
 * hash is stored, so that registration gets a new token (the old link stops working) with its own expiry, mailed again.
 */
export async function registerForSandbox(input: SandboxRegistrationInput, context: RegistrationContext): Promise<RegistrationOutcome> {
  const now = context.now ?? new Date();
  const byAddress = await hitRateLimit(`sandbox:ip:${addressLimitKey(context.clientAddress)}`, REGISTRATIONS_PER_ADDRESS, LIMIT_WINDOW_MS);
  if (!byAddress.allowed) return { status: "rate-limited", retryAfterSeconds: byAddress.retryAfterSeconds };

  const captcha = await verifyFormCaptcha(input, context.clientAddress, context.channel);
  if (captcha === "unavailable") return { status: "captcha-unavailable" };
  if (captcha === "invalid") return { status: "captcha-invalid", recaptcha: recaptchaSiteKey() !== null };

  const byEmail = await hitRateLimit(`sandbox:email:${input.email.toLowerCase()}`, REGISTRATIONS_PER_EMAIL, LIMIT_WINDOW_MS);
  if (!byEmail.allowed) return { status: "rate-limited", retryAfterSeconds: byEmail.retryAfterSeconds };

  const token = randomToken(ACCESS_TOKEN_BYTES);
  const live = await liveRegistration(input.email, now);
  if (live) {
    await db
      .updateTable("sandbox_registrations")
      .set({ token_hash: sha256(token), language: context.language })
      .where("id", "=", live.id)
      .execute();
    await sendAccessLinkMail({ ...input, name: live.name }, token, live.link_expires_at, context.language);
    return { status: "registered", id: live.id, linkExpiresAt: live.link_expires_at, resent: true };
  }

  const id = newId();
  const linkExpiresAt = nowIso(new Date(now.getTime() + LINK_VALID_MS));
  await db
    .insertInto("sandbox_registrations")
    .values({
      id,
      created_at: nowIso(now),
      name: input.name,
      surname: input.surname,
      company_name: input.companyName,
      job_title: input.jobTitle,
      email: input.email,
      country: input.country,
      message: input.message ?? null,
      consent: 1,
      offers: input.offers ? 1 : 0,
      language: context.language,
      token_hash: sha256(token),
      link_expires_at: linkExpiresAt,
      key_issued_at: null,
    })
    .execute();
  await sendAccessLinkMail(input, token, linkExpiresAt, context.language);
  return { status: "registered", id, linkExpiresAt, resent: false };
}

/** The newest registration of an e-mail address (in any case) whose link has not expired. */
function liveRegistration(email: string, now: Date) {
  return db
    .selectFrom("sandbox_registrations")
    .select(["id", "name", "link_expires_at"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("link_expires_at", ">", nowIso(now))
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

/** The access link in the registration's language: English links are unprefixed, like the pages. */
export function accessLinkUrl(token: string, language: Language): string {
  return new URL(localizePath(accessLinkPath(token), language === "en" ? null : language), env.PUBLIC_URL).toString();
}

/** "2026-01-09 14:05 UTC": the link's end, the same for every reader. */
export function formatUtc(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

async function sendAccessLinkMail(input: SandboxRegistrationInput, token: string, linkExpiresAt: string, language: Language) {
  const t = await fixedT(language);
  const text = (link: string) =>
    [
      t("sandbox.mail.greeting", { name: input.name }),
      "",
      t("sandbox.mail.intro"),
      "",
      t("sandbox.mail.link", { link }),
      "",
      t("sandbox.mail.once", { expiry: formatUtc(linkExpiresAt) }),
      "",
      t("sandbox.mail.ignore"),
    ].join("\n");
  await sendMail({
    to: input.email,
    subject: t("sandbox.mail.subject"),
    text: text(accessLinkUrl(token, language)),
    redactedText: text(t("sandbox.mail.linkRemoved")),
  });
}
