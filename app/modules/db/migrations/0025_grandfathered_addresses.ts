import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Migration } from "kysely";

/**
 * Notification addresses in use before confirmation links existed (0024) count as confirmed (issue 27): their owners
 * chose them when nothing asked for a confirmation, and stopping their notifications at the upgrade would fail
 * deliveries nobody was warned about. An address is grandfathered when a live feed last saved, or a dump created,
 * before 0024 ran names it; a feed saved since then had its new addresses sent a link, so those still need it.
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

type Row = { id: string; user_id: string; notification: string; options: string; saved_at: string | Date };

const moment = (value: string | Date) => new Date(value).getTime();

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

/** Marks the addresses feeds and dumps used before 0024 as confirmed; answers how many it confirmed. Runs again harmlessly. */
export async function confirmAddressesInUse<DB>(db: Kysely<DB>): Promise<number> {
  const landed = await sql<{ timestamp: string }>`select ${sql.ref("timestamp")} from kysely_migration where name = ${linksLanded}`.execute(
    db,
  );
  const cutoff = moment(landed.rows[0]?.timestamp ?? new Date());
  const now = new Date().toISOString();
  let confirmed = 0;
  const sources = [
    sql`select id, user_id, notification, options, updated_at as saved_at from feeds where deleted_at is null`,
    sql`select id, user_id, notification, options, created_at as saved_at from dumps`,
  ];
  for (const source of sources) {
    let after = "";
    for (;;) {
      const { rows } = await sql<Row>`select * from (${source}) saved where id > ${after} order by id limit ${PAGE_ROWS}`.execute(db);
      for (const row of rows) {
        if (moment(row.saved_at) >= cutoff) continue;
        const { addresses, language } = addressesOf(row);
        for (const address of addresses) confirmed += await confirmAddress(db, row.user_id, address, language, now);
      }
      const last = rows.at(-1);
      if (!last || rows.length < PAGE_ROWS) break;
      after = last.id;
    }
  }
  return confirmed;
}

/** 1 when the address (not the account's own) became confirmed, 0 when it was already or is the account's own. */
async function confirmAddress<DB>(db: Kysely<DB>, userId: string, address: string, language: string, now: string): Promise<number> {
  const own = await sql<{ email: string }>`select email from users where id = ${userId}`.execute(db);
  if (own.rows[0]?.email.trim().toLowerCase() === address) return 0;
  const updated = await sql`update notification_addresses set confirmed_at = ${now}, token_hash = null
    where user_id = ${userId} and address = ${address} and confirmed_at is null`.execute(db);
  if (Number(updated.numAffectedRows ?? 0) > 0) return 1;
  const inserted = await sql`insert into notification_addresses (id, user_id, address, language, token_hash, requested_at, confirmed_at)
    values (${randomUUID()}, ${userId}, ${address}, ${language}, null, ${now}, ${now})
    on conflict (user_id, address) do nothing`.execute(db);
  return Number(inserted.numAffectedRows ?? 0);
}
