import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { loader } from "~/routes/dashboard/admin/sandbox-registrations";
import { loader as csvLoader } from "~/routes/dashboard/admin/sandbox-registrations-csv";
import { insertSubscriber } from "../support/subscribers";
import { callRoute, routeRequest } from "../support/remix-route";

const DAY_MS = 24 * 60 * 60 * 1000;
let adminToken: string;
let subscriberToken: string;

async function registration(fields: {
  name: string;
  company?: string;
  email?: string;
  country?: string;
  offers?: boolean;
  ageDays: number;
  issued?: boolean;
  keyUsedAt?: string;
}) {
  const id = newId();
  const created = new Date(Date.now() - fields.ageDays * DAY_MS);
  await db
    .insertInto("sandbox_registrations")
    .values({
      id,
      created_at: nowIso(created),
      name: fields.name,
      surname: "Lead",
      company_name: fields.company ?? "Acme",
      job_title: "Analyst",
      email: fields.email ?? `${id}@leads.test`,
      country: fields.country ?? "GB",
      message: null,
      consent: 1,
      offers: fields.offers ? 1 : 0,
      language: "en",
      token_hash: id,
      link_expires_at: nowIso(new Date(created.getTime() + 7 * DAY_MS)),
      key_issued_at: fields.issued ? nowIso(created) : null,
    })
    .execute();
  if (fields.issued) {
    await db
      .insertInto("trial_keys")
      .values({
        id: newId(),
        registration_id: id,
        key_hash: `hash-${id}`,
        hint: "abcd",
        created_at: nowIso(created),
        expires_at: nowIso(new Date(created.getTime() + 7 * DAY_MS)),
        last_used_at: fields.keyUsedAt ?? null,
      })
      .execute();
  }
  return id;
}

interface Page {
  leads: { name: string; company: string; state: string; keyLastUsedAt: string | null; keyIssued: boolean }[];
  total: number;
}

async function page(query: string, token = adminToken): Promise<Page> {
  const loaded = await callRoute(loader, routeRequest(`/dashboard/admin/sandbox-registrations${query}`, token));
  if (loaded instanceof Response) throw new Error(`answered ${loaded.status}`);
  return loaded as unknown as Page;
}

beforeAll(async () => {
  const admin = await insertSubscriber({ label: "leads-admin", products: [], admin: true, platforms: ["econ"] });
  adminToken = (await createSession(admin.id, "econ")).token;
  const subscriber = await insertSubscriber({ label: "leads-subscriber", products: ["macroeconomic"], platforms: ["econ"] });
  subscriberToken = (await createSession(subscriber.id, "econ")).token;

  await registration({ name: "Unused", company: "Formula, Inc", email: "unused@leads.test", offers: true, ageDays: 1 });
  await registration({
    name: "Issued",
    company: "=HYPERLINK(1)",
    country: "FR",
    ageDays: 2,
    issued: true,
    keyUsedAt: "2026-11-20T10:00:00.000Z",
  });
  await registration({ name: "Quiet", ageDays: 3, issued: true });
  await registration({ name: "Expired", company: "Old_Co 100%", ageDays: 10, offers: true });
  for (let index = 0; index < 55; index += 1) await registration({ name: `Bulk${index}`, company: "Bulk", ageDays: 20 + index / 100 });
});

describe("the sandbox registrations page", () => {
  it("lists the registrations newest first, 50 a page, with their state and trial key use", async () => {
    const first = await page("");
    expect(first.total).toBe(59);
    expect(first.leads).toHaveLength(50);
    expect(first.leads.slice(0, 4).map((lead) => [lead.name, lead.state, lead.keyIssued, lead.keyLastUsedAt])).toEqual([
      ["Unused", "unused", false, null],
      ["Issued", "issued", true, "2026-11-20T10:00:00.000Z"],
      ["Quiet", "issued", true, null],
      ["Expired", "expired", false, null],
    ]);
    const second = await page("?page=2");
    expect(second.leads.map((lead) => lead.name)).toEqual(Array.from({ length: 9 }, (_, index) => `Bulk${46 + index}`));
    // Leads hold no token or key, not even their hashes.
    expect(JSON.stringify(first)).not.toMatch(/token|hash/i);
  });

  it("filters by text over name, company and e-mail (wildcards taken literally), country, offers consent and state", async () => {
    const names = async (query: string) => (await page(query)).leads.map((lead) => lead.name);
    expect(await names("?q=UNUSED%40leads")).toEqual(["Unused"]);
    expect(await names("?q=formula")).toEqual(["Unused"]);
    expect(await names("?q=quiet+lead")).toEqual(["Quiet"]);
    expect(await names("?q=100%25")).toEqual(["Expired"]);
    expect(await names("?q=d_co")).toEqual(["Expired"]);
    expect(await names("?country=FR")).toEqual(["Issued"]);
    expect(await names("?offers=yes")).toEqual(["Unused", "Expired"]);
    expect(await names("?state=unused")).toEqual(["Unused"]);
    expect(await names("?state=issued")).toEqual(["Issued", "Quiet"]);
    expect((await page("?state=expired&offers=no")).total).toBe(55);
  });

  it("answers the filtered rows as CSV, formulas neutralised, and records the export in the audit trail", async () => {
    // The page's ?format=csv leads to the CSV, the filters kept.
    const redirected = await callRoute(
      loader,
      routeRequest("/zh/dashboard/admin/sandbox-registrations/?state=issued&format=csv", adminToken),
    );
    expect(redirected instanceof Response && [redirected.status, redirected.headers.get("Location")]).toEqual([
      302,
      "/zh/dashboard/admin/sandbox-registrations.csv?state=issued",
    ]);
    const response = await callRoute(csvLoader, routeRequest("/dashboard/admin/sandbox-registrations.csv?state=issued&page=2", adminToken));
    expect(response).toBeInstanceOf(Response);
    const csv = response as Response;
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="sandbox-registrations-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe(
      "registered,name,surname,company,job_title,country,email,offers_consent,link_used_at,trial_key_issued,trial_key_last_used_at,expires_at,state",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(",Issued,Lead,'=HYPERLINK(1),Analyst,FR,");
    expect(lines[1]).toContain(",yes,2026-11-20T10:00:00.000Z,");
    expect(lines[2]).toContain(",Quiet,Lead,Acme,");

    const audit = await db.selectFrom("admin_actions").selectAll().where("action", "=", "sandbox-leads-export").execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.details)).toEqual({ q: "", country: "", offers: "", state: "issued", rows: 2 });
  });

  it("is the 404 page, CSV included, for a subscriber and a visitor", async () => {
    for (const token of [subscriberToken, undefined]) {
      const handlers: [(args: LoaderFunctionArgs) => Promise<unknown>, string][] = [
        [loader, "/dashboard/admin/sandbox-registrations"],
        [loader, "/dashboard/admin/sandbox-registrations?format=csv"],
        [csvLoader, "/dashboard/admin/sandbox-registrations.csv"],
      ];
      for (const [handler, path] of handlers) {
        const answer = await callRoute(handler, routeRequest(path, token));
        expect(answer instanceof Response ? answer.status : 200).toBe(404);
      }
    }
    expect(await db.selectFrom("admin_actions").select("id").where("action", "=", "sandbox-leads-export").execute()).toHaveLength(1);
  });
});
