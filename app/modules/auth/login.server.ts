import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { clientAddress } from "~/modules/http/client-address.server";
import { addressLimitKey } from "~/modules/rate-limit/address-key";
import { platforms, type Platform } from "~/modules/registry/registry";
import type { ProgressivePolicy } from "~/modules/rate-limit/limits";
import { clearRateLimit, startProgressiveAttempt, takeBackAttempt } from "~/modules/rate-limit/rate-limit.server";
import { identityProviders } from "./identity.server";
import { loginSchema } from "./auth-schemas";
import { loginName } from "./login-name";
import { isLocked } from "./users.server";

const HOUR_MS = 60 * 60 * 1000;
/** Failures per account inside an hour before each further attempt waits 1 s, 2 s, 4 s … up to 5 minutes. */
export const accountPolicy: ProgressivePolicy = { free: 5, firstDelayMs: 1000, maxDelayMs: 5 * 60 * 1000, windowMs: HOUR_MS };
/** One client address may fail more often (several accounts behind one address) before it is slowed down. */
export const addressPolicy: ProgressivePolicy = { free: 20, firstDelayMs: 1000, maxDelayMs: 5 * 60 * 1000, windowMs: HOUR_MS };

/** Why a sign-in failed, as an i18n key for the form. */
export class LoginError extends Error {
  constructor(
    readonly messageKey: string,
    readonly retryAfterSeconds = 0,
  ) {
    super(messageKey);
  }
}

/** The throttling keys of a sign-in: the account, and the client address (an IPv6 client by its /64). */
export function loginThrottleKeys(email: string, address: string | null) {
  return {
    account: `login:account:${loginName(email)}`,
    address: `login:address:${addressLimitKey(address)}`,
  };
}

async function verifyLogin(platform: Platform, form: FormData, request: Request): Promise<string> {
  const parsed = loginSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new LoginError("auth.invalidCredentials");
  const keys = loginThrottleKeys(parsed.data.email, clientAddress(request));
  // The attempt is recorded before the password is checked, so concurrent guesses count against each other.
  const attempt = await startProgressiveAttempt([
    { key: keys.account, policy: accountPolicy },
    { key: keys.address, policy: addressPolicy },
  ]);
  if (!attempt.allowed) throw new LoginError("auth.tooManyAttempts", attempt.retryAfterSeconds);
  const userId = await identityProviders[platform].verifyCredentials(parsed.data.email, parsed.data.password);
  if (!userId) throw new LoginError("auth.invalidCredentials");
  // Said only to someone who knows the password, so the lock tells a stranger nothing about the account.
  if (await isLocked(userId)) throw new LoginError("auth.accountLocked");
  await clearRateLimit(keys.account);
  await takeBackAttempt(keys.address, addressPolicy);
  return userId;
}

/** remix-auth with one form strategy per platform, each against that platform's identity provider. */
export const authenticator = new Authenticator<string>();
for (const platform of platforms) {
  authenticator.use(new FormStrategy(({ form, request }) => verifyLogin(platform, form, request)), platform);
}
