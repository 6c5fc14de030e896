import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { clientAddress } from "~/modules/http/client-address.server";
import { platforms, type Platform } from "~/modules/registry/registry";
import { checkRateLimit, clearRateLimit, recordRateLimitEvent } from "~/modules/rate-limit/rate-limit.server";
import { localIdentityProvider, type IdentityProvider } from "./identity.server";
import { loginSchema } from "./auth-schemas";

const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const FAILURES_PER_ACCOUNT = 5;
const FAILURES_PER_ADDRESS = 20;

/** Why a sign-in failed, as an i18n key for the form. */
export class LoginError extends Error {
  constructor(
    readonly messageKey: string,
    readonly retryAfterSeconds = 0,
  ) {
    super(messageKey);
  }
}

const providers: Record<Platform, IdentityProvider> = {
  econ: localIdentityProvider("econ"),
  corp: localIdentityProvider("corp"),
  intel: localIdentityProvider("intel"),
};

async function verifyLogin(platform: Platform, form: FormData, request: Request): Promise<string> {
  const parsed = loginSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new LoginError("auth.invalidCredentials");
  const ip = clientAddress(request);
  const keys = [`login:account:${parsed.data.email.toLowerCase()}`, ...(ip ? [`login:ip:${ip}`] : [])];
  const limits = [FAILURES_PER_ACCOUNT, FAILURES_PER_ADDRESS];
  for (const [index, key] of keys.entries()) {
    const limit = await checkRateLimit(key, limits[index]!, FAILURE_WINDOW_MS);
    if (!limit.allowed) throw new LoginError("auth.tooManyAttempts", limit.retryAfterSeconds);
  }
  const userId = await providers[platform].verifyCredentials(parsed.data.email, parsed.data.password);
  if (!userId) {
    await Promise.all(keys.map(recordRateLimitEvent));
    throw new LoginError("auth.invalidCredentials");
  }
  await clearRateLimit(keys[0]!);
  return userId;
}

/** remix-auth with one form strategy per platform, each against that platform's identity provider. */
export const authenticator = new Authenticator<string>();
for (const platform of platforms) {
  authenticator.use(new FormStrategy(({ form, request }) => verifyLogin(platform, form, request)), platform);
}
