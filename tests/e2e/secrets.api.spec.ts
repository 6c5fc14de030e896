import { randomInt } from "node:crypto";
import { once } from "node:events";
import net from "node:net";
import { expect, type APIRequestContext } from "@playwright/test";
import { nowIso } from "../../app/modules/db/ids";
import type { Database } from "../../app/modules/db/schema";
import { createAccount, signInToken } from "./support/accounts";
import { solvedCaptcha } from "./support/contact-client";
import { keyFor } from "./support/data-api-keys";
import { e2eDb, newestMailBody, uniqueEmail } from "./support/database";
import { startPortalProcess } from "./support/portal-process";
import { test, uniqueClientAddress } from "./support/test";

/**
 * Every row of every table as text, the generated catalog's aside, on SQLite and PostgreSQL alike: a secret
 * found here would be stored in clear text.
 */
async function storedText(): Promise<string> {
  const db = e2eDb();
  const tables = (await db.introspection.getTables())
    .map((table) => table.name as keyof Database)
    .filter((name) => !name.startsWith("catalog_"));
  const rows = await Promise.all(tables.map((name) => db.selectFrom(name).selectAll().execute()));
  return JSON.stringify(rows);
}

test("API keys, passwords and session ids appear nowhere in the database in clear text", async ({ request }) => {
  const account = await createAccount({ products: ["macroeconomic", "company", "intelligence"] });
  const session = await signInToken(request, account);
  const headers = { Authorization: `Bearer ${session}` };
  const keys: string[] = [];
  for (const name of ["macro", "company", "intelligence", "macro"]) {
    const response = await request.post(`/api/auth/generate-${name}-token`, { headers });
    expect(response.status()).toBe(200);
    keys.push(((await response.json()) as { token: string }).token);
  }
  // The webhook signing secret, and the one a rotation keeps signing for a day: sealed, never in clear text.
  const webhookSecrets: string[] = [];
  for (const response of [
    await request.get("/api/auth/webhook-secret", { headers }),
    await request.post("/api/auth/webhook-secret", { headers }),
  ])
    webhookSecrets.push(((await response.json()) as { secret: string }).secret.slice("whsec_".length));
  const stored = await storedText();
  expect(stored).toContain(account.email);
  for (const secret of [account.password, session.split(".")[0]!, ...keys, ...webhookSecrets]) {
    expect(stored.includes(secret), `a secret of ${secret.length} characters is stored in clear text`).toBe(false);
  }
  expect(stored.includes("demo-password")).toBe(false);
});

/** Every row of the tables as text. */
async function rowsOf(...tables: (keyof Database)[]): Promise<string> {
  const db = e2eDb();
  return JSON.stringify(await Promise.all(tables.map((name) => db.selectFrom(name).selectAll().execute())));
}

/** A request line written as it is, for what HTTP clients will not send: an absolute-form target, TRACE. */
async function rawRequest(baseURL: string, requestLine: string): Promise<string> {
  const { hostname, port } = new URL(baseURL);
  const socket = net.connect(Number(port), hostname);
  let answer = "";
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
  socket.write(`${requestLine}\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
  await once(socket, "close");
  return answer.split("\r\n")[0] ?? "";
}

/** A record of the caller's whose stored body is not JSON: reading it fails as an unexpected error would. */
async function brokenRecord(set: string, kind: string, email: string): Promise<number> {
  const db = e2eDb();
  const owner = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  const id = randomInt(100_000, 2 ** 31 - 1);
  const now = nowIso();
  await db
    .insertInto("data_api_records")
    .values({ id: String(id), set_id: set, kind, owner_id: owner.id, ref: null, body: "{not json", created_at: now, updated_at: now })
    .execute();
  return id;
}

/** The token of the newest link of this kind mailed to `email`, once the mail is there. */
async function mailedToken(email: string, path: RegExp): Promise<string> {
  let token: string | undefined;
  await expect.poll(async () => (token = path.exec((await newestMailBody(email)) ?? "")?.[1]), { timeout: 20_000 }).toBeTruthy();
  return token!;
}

test("[security3-N3] no key, trial key or session token a request carried appears in the server's output, incidents, outbox or audit trail", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const started = nowIso();
  /** What a request carried that lets its holder call the data APIs as someone, by name. */
  const keys: Record<string, string> = {};
  /** The keys and what else opens an account: passwords, web sessions, reset and access link tokens. */
  const secrets: Record<string, string> = {};
  const server = await startPortalProcess();
  const client: APIRequestContext = await playwright.request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientAddress() },
  });
  try {
    const econ = await keyFor(client, ["macroeconomic"], "econ");
    const corp = await keyFor(client, ["company"], "corp");
    const intel = await keyFor(client, ["intelligence"], "intel");
    const webSession = await signInToken(client, econ.account);

    // The sandbox as a reader meets it: the access link mailed at registration, exchanged once for the trial key.
    const trialEmail = uniqueEmail("secrets-trial");
    const registration = await client.post("/api/econ-sandbox", {
      data: {
        name: "Ada",
        surname: "Lovelace",
        companyName: "AE",
        jobTitle: "Economist",
        email: trialEmail,
        country: "GB",
        consent: true,
        altcha: await solvedCaptcha(client),
      },
    });
    expect(registration.status()).toBe(201);
    const accessToken = await mailedToken(trialEmail, /\/api-products\/econ\/sandbox\/([\w-]+)/);
    const exchanged = await client.post("/api/econ-sandbox-token", { data: { token: accessToken } });
    expect(exchanged.status()).toBe(200);
    const trialKey = ((await exchanged.json()) as { key: string }).key;

    const opened = await client.post("/data-api/fund-flows/Session", {
      data: { username: intel.account.email, password: intel.account.password },
    });
    expect(opened.status()).toBe(200);
    const session = ((await opened.json()) as { data: { token: string }[] }).data[0]!.token;
    const reports = await client.get(`/data-api/fund-flows/v2/SavedReports?token=${session}`, {
      headers: { Authorization: `Bearer ${session}` },
    });
    expect(reports.status()).toBe(200);

    expect((await client.post("/reset-password", { form: { email: econ.account.email } })).status()).toBeLessThan(400);
    const resetToken = await mailedToken(econ.account.email, /\/reset-password\/([\w-]+)/);

    Object.assign(keys, { econ: econ.key, corp: corp.key, intel: intel.key, trialKey, session });
    Object.assign(secrets, keys, {
      webSession,
      resetToken,
      accessToken,
      password: econ.account.password,
      intelPassword: intel.account.password,
    });

    const companyDump = await brokenRecord("company-v2", "dump", corp.account.email);
    const savedReport = await brokenRecord("fund-flows", "report", intel.account.email);
    const bearer = { Authorization: `Bearer ${session}` };
    /** [path and query, headers, the status expected] */
    const calls: [string, Record<string, string>, number][] = [
      [`/data-api/macroeconomic/series/search?keyword=gdp&limit=2&token=${econ.key}`, {}, 200],
      [`/data-api/macroeconomic/series/search?keyword=gdp&limit=2&%74oken=${econ.key}`, {}, 200],
      [`/data-api/macroeconomic/series/search?keyword=gdp&limit=-1&token=${econ.key}`, {}, 400],
      [`/data-api/macroeconomic/series/search?keyword=gdp&TOKEN=${econ.key}`, {}, 401],
      [`/data-api/macroeconomic/series/search?Token=${econ.key}&apiKey=${econ.key}&api_key=${econ.key}`, {}, 401],
      [`/data-api/macroeconomic/series/search?key=${econ.key}&password=${econ.key}`, {}, 401],
      [`/data-api/macroeconomic/series/search?token=${corp.key}`, {}, 401],
      [`/data-api/company-v2/companies?keyword=a&limit=100&token=${corp.key}`, {}, 200],
      [`/data-api/company-v2/companies/dumps/${companyDump}?token=${corp.key}&apiKey=${econ.key}&TOKEN=${trialKey}`, {}, 500],
      [`/data-api/real-estate/properties/search?keyword=a&limit=1&token=${intel.key}`, {}, 200],
      [`/data-api/real-estate/properties/search?Token=${intel.key}`, {}, 401],
      [`/data-api/sandbox/series/search?keyword=gdp&limit=1&token=${trialKey}`, {}, 200],
      [`/data-api/sandbox/series/search?keyword=gdp&apiKey=${trialKey}`, {}, 401],
      [`/data-api/fund-flows/v2/SavedReports/${savedReport}?Token=${session}&password=${intel.key}&api_key=${webSession}`, bearer, 500],
      [
        `/__test/crash?token=${econ.key}&Token=${corp.key}&apiKey=${intel.key}&api_key=${trialKey}&key=${session}&password=${intel.account.password}`,
        {},
        500,
      ],
      [`/api-products?_data=root&token=${econ.key}`, {}, 200],
      [`/RESET-PASSWORD/${resetToken}`, {}, 200],
      [`/zh/Reset-Password/${resetToken}?token=${econ.key}`, {}, 200],
      [`/API-PRODUCTS/ECON/SANDBOX/${accessToken}`, {}, 200],
      [`/zh/api-products/econ/sandbox/${accessToken}`, {}, 200],
    ];
    for (const [path, headers, status] of calls) {
      const response = await client.get(path, { headers, maxRedirects: 0 });
      expect(response.status(), path.replace(/\?.*/, "")).toBe(status);
      // About 4 calls a second, under the data APIs' limit of 5.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    for (const requestLine of [
      `GET ${server.baseURL}/data-api/macroeconomic/series/search?token=${econ.key} HTTP/1.1`,
      `TRACE /data-api/macroeconomic/series/search?Token=${econ.key} HTTP/1.1`,
    ]) {
      expect(await rawRequest(server.baseURL, requestLine)).toMatch(/^HTTP\/1\.1 [45]\d\d /);
    }

    // The three failures are recorded (after the answer): their rows are there to be searched.
    const incidents = () =>
      e2eDb()
        .selectFrom("incidents")
        .select(["path", "query"])
        .where("created_at", ">=", started)
        .where((eb) => eb.or([eb("path", "=", "/__test/crash"), eb("path", "like", "/data-api/%")]))
        .execute();
    await expect.poll(async () => (await incidents()).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    expect(await incidents()).toEqual(
      expect.arrayContaining([
        {
          path: "/__test/crash",
          query: "?token=[redacted]&Token=[redacted]&apiKey=[redacted]&api_key=[redacted]&key=[redacted]&password=[redacted]",
        },
        { path: `/data-api/company-v2/companies/dumps/${companyDump}`, query: "?token=[redacted]&apiKey=[redacted]&TOKEN=[redacted]" },
      ]),
    );
  } finally {
    await client.dispose();
    await server.stop();
  }

  const output = server.output();
  expect(output).toContain("GET /data-api/macroeconomic/series/search?keyword=gdp&limit=2&token=[redacted] 200");
  expect(output).toContain("GET /RESET-PASSWORD/[redacted] 200");
  expect(output).toMatch(/Incident [0-9a-f-]{36}:/);
  const incidentRows = await rowsOf("incidents", "pipeline_incidents");
  const mailAndAudit = await rowsOf("outbox", "admin_actions");
  for (const [name, secret] of Object.entries(secrets)) {
    expect(output.includes(secret), `${name} in the server's output`).toBe(false);
    expect(incidentRows.includes(secret), `${name} in an incident`).toBe(false);
  }
  // Without SMTP on a local address the outbox is the delivery channel and keeps the links it delivers (N11).
  for (const [name, secret] of Object.entries(keys))
    expect(mailAndAudit.includes(secret), `${name} in the outbox or audit trail`).toBe(false);
});
