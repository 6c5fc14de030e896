import { randomUUID } from "node:crypto";
import { e2eDb } from "./database";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A sandbox registration written straight into the server's database, its company carrying `marker` to filter on. */
export async function insertLead(marker: string, fields: { name: string; company: string; country?: string; offers?: boolean }) {
  const id = randomUUID();
  const now = Date.now();
  await e2eDb()
    .insertInto("sandbox_registrations")
    .values({
      id,
      created_at: new Date(now).toISOString(),
      name: fields.name,
      surname: "Prospect",
      company_name: `${fields.company} ${marker}`,
      job_title: "Head of data",
      email: `lead-${id.slice(0, 8)}@example.com`,
      country: fields.country ?? "GB",
      message: null,
      consent: 1,
      offers: fields.offers ? 1 : 0,
      language: "en",
      token_hash: `e2e-${id}`,
      link_expires_at: new Date(now + 7 * DAY_MS).toISOString(),
      key_issued_at: null,
    })
    .execute();
  return id;
}
