import { isLocalUrl, type Env } from "~/modules/env/env";

/**
 * Whether the outbox may hold a security mail's link (a password reset or sandbox access link) and show it to admins:
 * only where the outbox is the delivery channel, that is without SMTP on a development machine (NODE_ENV other than
 * production, or a local PUBLIC_URL, as the demo accounts decide). Elsewhere the link goes to the recipient alone.
 */
export function outboxKeepsLinks(env: Pick<Env, "NODE_ENV" | "PUBLIC_URL" | "SMTP_URL">): boolean {
  return !env.SMTP_URL && (env.NODE_ENV !== "production" || isLocalUrl(env.PUBLIC_URL));
}
