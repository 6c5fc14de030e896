import { db } from "~/modules/db/db.server";
import { clientAddress } from "~/modules/http/client-address.server";
import { clearRateLimit, startProgressiveAttempt, takeBackAttempt } from "~/modules/rate-limit/rate-limit.server";
import { hashPassword, verifyPassword } from "./crypto.server";
import { accountPolicy, addressPolicy, loginThrottleKeys } from "./login.server";
import { endOtherSessions } from "./session.server";

export type ChangePasswordResult =
  | { ok: true }
  | { ok: false; reason: "wrongPassword"; retryAfterSeconds: 0 }
  | { ok: false; reason: "tooManyAttempts"; retryAfterSeconds: number };

/**
 * Sets a signed-in user's new password once the current one is proven. A wrong current password counts against
 * the same limits as a failed sign-in (it is the same guess); a stolen session cannot try passwords freely.
 * Every other session of the account ends and any reset link stops working; the request's own session stays.
 */
export async function changePassword(
  user: { id: string; email: string },
  request: Request,
  passwords: { currentPassword: string; newPassword: string },
): Promise<ChangePasswordResult> {
  const keys = loginThrottleKeys(user.email, clientAddress(request));
  const attempt = await startProgressiveAttempt([
    { key: keys.account, policy: accountPolicy },
    { key: keys.address, policy: addressPolicy },
  ]);
  if (!attempt.allowed) return { ok: false, reason: "tooManyAttempts", retryAfterSeconds: attempt.retryAfterSeconds };
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirst();
  if (!row || !(await verifyPassword(passwords.currentPassword, row.password_hash))) {
    return { ok: false, reason: "wrongPassword", retryAfterSeconds: 0 };
  }
  await clearRateLimit(keys.account);
  await takeBackAttempt(keys.address, addressPolicy);
  const passwordHash = await hashPassword(passwords.newPassword);
  await db.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", user.id).execute();
  await db.deleteFrom("password_resets").where("user_id", "=", user.id).execute();
  await endOtherSessions(user.id, request);
  return { ok: true };
}
