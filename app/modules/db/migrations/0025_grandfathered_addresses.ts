import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Migration, type RawBuilder } from "kysely";

/**
 * Notification addresses in use before confirmation links existed (0024) count as confirmed (issue 27): their owners
 * chose them when nothing asked for a confirmation, and stopping their notifications at the upgrade would fail
 * deliveries nobody was warned about. Addresses added since still need their link.
 */
export function grandfatheredAddresses(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await confirmAddressesInUse(db);
    },
  };
}

const PAGE_ROWS = 500;
const linksLanded = "0024_first_runs_filters_addresses";

type Row = { id: string; user_id: string; notification: string; options: string };

function parsed(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The feed's or dump's notification addresses (lower case) and the language it mails in. */
function addressesOf(row: Row): { addresses: string[]; language: "en" | "zh" } {
  const emails = parsed(row.notification).emails;
  const addresses = Array.isArray(emails) ? emails.filter((email): email is string => typeof email === "string") : [];
  return {
    addresses: addresses.map((address) => address.trim().toLowerCase()).filter(Boolean),
    language: parsed(row.options).language === "zh" ? "zh" : "en",
  };
}

/** Each row of a query, a page at a time in id order. */
async function eachRow<DB, T extends { id: string }>(db: Kysely<DB>, query: RawBuilder<unknown>, visit: (row: T) => Promise<void>) {
  let after = "";
  for (;;) {
    const { rows } = await sql<T>`select * from (${query}) found where id > ${after} order by id limit ${PAGE_ROWS}`.execute(db);
    for (const row of rows) await visit(row);
    const last = rows.at(-1);
    if (!last || rows.length < PAGE_ROWS) return;
    after = last.id;
  }
}

/**
 * Marks as confirmed the addresses in use before 0024 ran; answers how many it confirmed, and runs again harmlessly.
 * In use means: mailed by a delivery made before then, or named by a dump created before then (a dump is never
 * edited), or named by a live feed created before then and never asked to confirm since. A feed saved since 0024 asked
 * a confirmation for each of its addresses, old or added, so a pending request on an old feed proves nothing.
 */
export async function confirmAddressesInUse<DB>(db: Kysely<DB>): Promise<number> {
  const landed = await sql<{ timestamp: string }>`select ${sql.ref("timestamp")} from kysely_migration where name = ${linksLanded}`.execute(
    db,
  );
  const cutoff = landed.rows[0]?.timestamp ?? new Date().toISOString();
  const now = new Date().toISOString();
  let confirmed = 0;
  await eachRow<DB, { id: string; user_id: string; target: string }>(
    db,
    sql`select id, user_id, target from deliveries where channel = 'email' and created_at < ${cutoff}`,
    async (row) => {
      confirmed += await confirmAddress(db, { userId: row.user_id, address: row.target.trim().toLowerCase(), language: "en", now });
    },
  );
  await eachRow<DB, Row>(db, sql`select id, user_id, notification, options from dumps where created_at < ${cutoff}`, async (row) => {
    const { addresses, language } = addressesOf(row);
    for (const address of addresses) confirmed += await confirmAddress(db, { userId: row.user_id, address, language, now });
  });
  await eachRow<DB, Row>(
    db,
    sql`select id, user_id, notification, options from feeds where created_at < ${cutoff} and deleted_at is null`,
    async (row) => {
      const { addresses, language } = addressesOf(row);
      for (const address of addresses)
        confirmed += await confirmAddress(db, { userId: row.user_id, address, language, now, unlessRequested: true });
    },
  );
  return confirmed;
}

/**
 * 1 when the address (not the account's own) became confirmed, 0 otherwise. With `unlessRequested`, an address with a
 * confirmation request of its own is left to it.
 */
async function confirmAddress<DB>(
  db: Kysely<DB>,
  to: { userId: string; address: string; language: string; now: string; unlessRequested?: boolean },
): Promise<number> {
  const { userId, address, language, now } = to;
  const own = await sql<{ email: string }>`select email from users where id = ${userId}`.execute(db);
  if (!address || own.rows[0]?.email.trim().toLowerCase() === address) return 0;
  if (!to.unlessRequested) {
    const updated = await sql`update notification_addresses set confirmed_at = ${now}, token_hash = null
      where user_id = ${userId} and address = ${address} and confirmed_at is null`.execute(db);
    if (Number(updated.numAffectedRows ?? 0) > 0) return 1;
  }
  const inserted = await sql`insert into notification_addresses (id, user_id, address, language, token_hash, requested_at, confirmed_at)
    values (${randomUUID()}, ${userId}, ${address}, ${language}, null, ${now}, ${now})
    on conflict (user_id, address) do nothing`.execute(db);
  return Number(inserted.numAffectedRows ?? 0);
}
