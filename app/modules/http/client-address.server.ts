import { env } from "~/modules/env/env.server";

/** The address a visitor posts from; only trusted when a proxy in front of us sets it (TRUST_PROXY). */
export function clientAddress(request: Request): string | null {
  if (!env.TRUST_PROXY) return null;
  const forwarded = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("X-Real-IP");
}
