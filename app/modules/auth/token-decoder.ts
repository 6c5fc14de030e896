import type { TFunction } from "i18next";
import { z } from "zod";
import { requiredText } from "~/modules/forms/fields";
import type { Platform } from "~/modules/registry/registry";

/** Well above our longest token (a session token, 87 characters), so a pasted one is never cut. */
const TOKEN_MAX_LENGTH = 200;

/** The decoder's form and its JSON API: one pasted API key or session token. */
export const tokenDecoderSchema = z.object({ token: requiredText(TOKEN_MAX_LENGTH) });

/** What an identity service found a token to be: whose, which kind, and whether it still works. */
export interface TokenHolder {
  userId: string;
  username: string;
  kind: "api-key" | "session";
  status: "active" | "replaced" | "subscription-ended" | "revoked" | "locked" | "expired";
}

export type ServiceLookup = { platform: Platform; found: false } | ({ platform: Platform; found: true } & TokenHolder);

/**
 * The decoder's answer. A value that is not the shape of any of our tokens is 'Invalid token!' alone: no
 * service is asked. A well-formed one nobody knows is 'Invalid token!' with each service's 'not found', so
 * support sees it was looked up everywhere (a typo, a signed-out session or a deleted account).
 */
export type TokenDecoding =
  | { found: false; reason: "malformed" }
  | { found: false; reason: "unknown"; hint: string; services: ServiceLookup[] }
  | { found: true; hint: string; userId: string; username: string; services: ServiceLookup[] };

/** Each service's answer, in the order asked; the user is the one the first service that knows the token names. */
export function projectDecoding(hint: string, answers: { platform: Platform; holder: TokenHolder | null }[]): TokenDecoding {
  const services: ServiceLookup[] = answers.map(({ platform, holder }) =>
    holder ? { platform, found: true, ...holder } : { platform, found: false },
  );
  const owner = answers.find((answer) => answer.holder)?.holder;
  if (!owner) return { found: false, reason: "unknown", hint, services };
  return { found: true, hint, userId: owner.userId, username: owner.username, services };
}

/** The JSON API's answer: the decoding with SPEC.md's messages ('Invalid token!', 'Token was not found in …'), translated. */
export function withMessages(decoding: TokenDecoding, t: TFunction) {
  const message = decoding.found ? {} : { message: t("admin.tokenDecoder.invalid") };
  if (!("services" in decoding)) return { ...decoding, ...message };
  const services = decoding.services.map((service) =>
    service.found
      ? service
      : { ...service, message: t("admin.tokenDecoder.notFound", { service: t(`auth.platforms.${service.platform}.name`) }) },
  );
  return { ...decoding, ...message, services };
}
