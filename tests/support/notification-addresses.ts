import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";

/** Notification addresses of the user that followed their confirmation links, so that notifications reach them. */
export async function confirmAddresses(userId: string, addresses: readonly string[]): Promise<void> {
  const now = nowIso();
  for (const address of addresses)
    await db
      .insertInto("notification_addresses")
      .values({
        id: newId(),
        user_id: userId,
        address: address.toLowerCase(),
        language: "en",
        token_hash: null,
        requested_at: now,
        confirmed_at: now,
      })
      .execute();
}
