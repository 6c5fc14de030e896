import { sql, type ExpressionBuilder } from "kysely";
import { recordAdminAction } from "~/modules/audit/audit.server";
import type { CurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import type { Database } from "~/modules/db/schema";
import { toCsv } from "./leads-csv";
import { LEADS_PER_PAGE, type LeadSearch, type LeadState } from "./leads";

/** One sandbox registration as the admin list and its CSV show it: never its link or key (only their hashes exist). */
export interface Lead {
  id: string;
  registered: string;
  name: string;
  surname: string;
  company: string;
  jobTitle: string;
  country: string;
  email: string;
  offers: boolean;
  /** When the access link issued its trial key; null while unused. */
  linkUsedAt: string | null;
  /** The trial key's last call, where one was recorded. */
  keyLastUsedAt: string | null;
  keyIssued: boolean;
  expiresAt: string;
  state: LeadState;
}

type Registrations = ExpressionBuilder<Database, "sandbox_registrations">;

/** A LIKE pattern matching `text` literally anywhere, with `\` as the escape character. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function filtered(search: LeadSearch, now: Date) {
  const at = nowIso(now);
  let query = db.selectFrom("sandbox_registrations");
  if (search.q) {
    const pattern = containsPattern(search.q);
    const like = (column: "name" | "surname" | "company_name" | "email") =>
      sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb: Registrations) =>
      eb.or([
        like("name"),
        like("surname"),
        like("company_name"),
        like("email"),
        sql<boolean>`lower(name || ' ' || surname) like ${pattern} escape '\\'`,
      ]),
    );
  }
  if (search.country) query = query.where("country", "=", search.country);
  if (search.offers) query = query.where("offers", "=", search.offers === "yes" ? 1 : 0);
  if (search.state === "expired") query = query.where("link_expires_at", "<=", at);
  if (search.state === "unused") query = query.where("link_expires_at", ">", at).where("key_issued_at", "is", null);
  if (search.state === "issued") query = query.where("link_expires_at", ">", at).where("key_issued_at", "is not", null);
  return query;
}

function rows(search: LeadSearch, now: Date) {
  return filtered(search, now)
    .select((eb) => [
      "id",
      "created_at",
      "name",
      "surname",
      "company_name",
      "job_title",
      "country",
      "email",
      "offers",
      "key_issued_at",
      "link_expires_at",
      eb
        .selectFrom("trial_keys")
        .select((keys) => keys.fn.max("trial_keys.last_used_at").as("last"))
        .whereRef("trial_keys.registration_id", "=", "sandbox_registrations.id")
        .as("key_last_used_at"),
    ])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
}

type Row = Awaited<ReturnType<ReturnType<typeof rows>["execute"]>>[number];

function toLead(row: Row, now: Date): Lead {
  const expired = Date.parse(row.link_expires_at) <= now.getTime();
  return {
    id: row.id,
    registered: row.created_at,
    name: row.name,
    surname: row.surname,
    company: row.company_name,
    jobTitle: row.job_title,
    country: row.country,
    email: row.email,
    offers: row.offers === 1,
    linkUsedAt: row.key_issued_at,
    keyLastUsedAt: row.key_last_used_at ? nowIso(new Date(row.key_last_used_at)) : null,
    keyIssued: row.key_issued_at !== null,
    expiresAt: row.link_expires_at,
    state: expired ? "expired" : row.key_issued_at === null ? "unused" : "issued",
  };
}

/** One page of the registrations the search matches, newest first, and how many match in all. */
export async function listLeads(search: LeadSearch, now = new Date()): Promise<{ leads: Lead[]; total: number }> {
  const count = await filtered(search, now)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  const page = await rows(search, now)
    .limit(LEADS_PER_PAGE)
    .offset((search.page - 1) * LEADS_PER_PAGE)
    .execute();
  return { leads: page.map((row) => toLead(row, now)), total: Number(count.count) };
}

const csvHeader = [
  "registered",
  "name",
  "surname",
  "company",
  "job_title",
  "country",
  "email",
  "offers_consent",
  "link_used_at",
  "trial_key_issued",
  "trial_key_last_used_at",
  "expires_at",
  "state",
];

/**
 * Every registration the search matches (all pages) as CSV. The leads are personal data, so the export is
 * recorded in the audit trail with its filters and row count.
 */
export async function exportLeadsCsv(admin: Pick<CurrentUser, "id" | "username">, search: LeadSearch, now = new Date()): Promise<string> {
  const leads = (await rows(search, now).execute()).map((row) => toLead(row, now));
  await recordAdminAction(admin, {
    action: "sandbox-leads-export",
    target: "sandbox-registrations",
    details: { q: search.q, country: search.country, offers: search.offers, state: search.state, rows: leads.length },
  });
  return toCsv(
    csvHeader,
    leads.map((lead) => [
      lead.registered,
      lead.name,
      lead.surname,
      lead.company,
      lead.jobTitle,
      lead.country,
      lead.email,
      lead.offers ? "yes" : "no",
      lead.linkUsedAt,
      lead.keyIssued ? "yes" : "no",
      lead.keyLastUsedAt,
      lead.expiresAt,
      lead.state,
    ]),
  );
}
