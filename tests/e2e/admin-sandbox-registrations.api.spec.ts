import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { createAccount, signInToken } from "./support/accounts";
import { e2eDb } from "./support/database";
import { insertLead } from "./support/sandbox-leads";
import { test } from "./support/test";

const screen = "/dashboard/admin/sandbox-registrations";

test("the CSV of the sandbox registrations: filtered, RFC 4180 quoted, formulas neutralised, export audited", async ({ playwright }) => {
  const baseURL = test.info().project.use.baseURL;
  const marker = `c${randomUUID().slice(0, 8)}`;
  await insertLead(marker, { name: "=cmd|' /C calc'!A0", company: 'Quotes "and", commas', country: "DE" });
  await insertLead(marker, { name: "Other", company: "Elsewhere", country: "FR" });

  const signIn = await playwright.request.newContext({ baseURL });
  const token = await signInToken(signIn, await createAccount({ isAdmin: true }));
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  // The page's ?format=csv leads to the CSV address.
  const response = await admin.get(`${screen}?q=${marker}&country=DE&format=csv`);
  expect(new URL(response.url()).pathname + new URL(response.url()).search).toBe(`${screen}.csv?q=${marker}&country=DE`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="sandbox-registrations-[\d-]+\.csv"$/);
  const lines = (await response.text()).split("\r\n");
  expect(lines[0]).toMatch(/^registered,name,surname,company,/);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(`,'=cmd|' /C calc'!A0,Prospect,"Quotes ""and"", commas ${marker}",Head of data,DE,`);
  expect(lines[2]).toBe("");
  const audit = await e2eDb().selectFrom("admin_actions").select("details").where("action", "=", "sandbox-leads-export").execute();
  expect(audit.some((row) => row.details.includes(marker))).toBe(true);
  await Promise.all([signIn.dispose(), admin.dispose()]);
});

test("a visitor and a subscriber get the 404 page for the sandbox registrations and their CSV", async ({ playwright }) => {
  const baseURL = test.info().project.use.baseURL;
  const signIn = await playwright.request.newContext({ baseURL });
  const token = await signInToken(signIn, await createAccount({ products: ["macroeconomic", "company", "documents", "intelligence"] }));
  const subscriber = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  const visitor = await playwright.request.newContext({ baseURL });
  for (const client of [visitor, subscriber]) {
    for (const path of [screen, `${screen}?format=csv`, `/zh${screen}?format=csv`, `${screen}.csv`, `/zh${screen}.csv?q=a`]) {
      const response = await client.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(404);
      expect(await response.text()).not.toContain("registered,name");
    }
  }
  await Promise.all([signIn.dispose(), subscriber.dispose(), visitor.dispose()]);
});
