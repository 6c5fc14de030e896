import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "~/modules/auth/api-keys.server";
import { sha256, unsign } from "~/modules/auth/crypto.server";
import { seedDemoAccounts } from "~/modules/auth/seed.server";
import { rememberSessionKey, sessionKeyFor } from "~/modules/auth/session-keys.server";
import { createSession, destroyAllSessions, destroySession, SESSION_COOKIE } from "~/modules/auth/session.server";
import { findUserByEmail, loadCurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import type { Platform } from "~/modules/registry/registry";
import { action as apiTokenAction } from "~/routes/api/auth-token";
import { action as tokenPageAction } from "~/routes/dashboard/token-management";

async function userId(email: string): Promise<string> {
  return (await findUserByEmail(email))!.id;
}

/** A browser request of the session: the `token` cookie, as the pages get it. */
function browser(token: string, url = "http://localhost/docs/econ/macroeconomic", init: RequestInit = {}): Request {
  return new Request(url, { ...init, headers: { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}` } });
}

async function signIn(email: string, platform: Platform): Promise<string> {
  return (await createSession(await userId(email), platform)).token;
}

async function newKey(email: string, platform: Platform): Promise<string> {
  const user = await loadCurrentUser(await userId(email), platform);
  return (await generateApiKey(user!, platform))!;
}

async function storedRows(token: string) {
  return db
    .selectFrom("session_api_keys")
    .selectAll()
    .where("session_id_hash", "=", sha256(unsign(token)!))
    .execute();
}

/** Calls a route action as Remix would; a thrown Response is an answer too. */
async function call(handler: (args: ActionFunctionArgs) => Promise<unknown>, request: Request, params: Record<string, string> = {}) {
  try {
    return await handler({ request, params, context: { cspNonce: "" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

beforeAll(async () => {
  await seedDemoAccounts();
});

describe("the key kept with a session", () => {
  it("is sealed to its session: never in clear in the database, unreadable from another session", async () => {
    const token = await signIn("macro@demo.test", "econ");
    const other = await signIn("macro@demo.test", "econ");
    const key = await newKey("macro@demo.test", "econ");
    await rememberSessionKey(browser(token), "econ", key);

    expect(await sessionKeyFor(browser(token), "econ")).toBe(key);
    expect(await sessionKeyFor(browser(token), "corp")).toBeNull();
    expect(await sessionKeyFor(browser(other), "econ")).toBeNull();

    const rows = await storedRows(token);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.platform).toBe("econ");
    expect(rows[0]!.sealed_key).not.toContain(key);
    expect(rows[0]!.sealed_key).not.toContain(key.slice(5));
    const everything = JSON.stringify(await db.selectFrom("session_api_keys").selectAll().execute());
    expect(everything).not.toContain(key.slice(5));

    // A row moved to another session cannot be opened there: the seal is bound to the session id.
    await db
      .insertInto("session_api_keys")
      .values({ ...rows[0]!, session_id_hash: sha256(unsign(other)!) })
      .execute();
    expect(await sessionKeyFor(browser(other), "econ")).toBeNull();
  });

  it("is kept for nobody without a live session", async () => {
    const anonymous = new Request("http://localhost/docs/econ/macroeconomic");
    await rememberSessionKey(anonymous, "econ", "econ_whatever");
    expect(await sessionKeyFor(anonymous, "econ")).toBeNull();
    expect(await sessionKeyFor(browser("forged.token"), "econ")).toBeNull();
  });

  it("is replaced by the key generated next in the same session", async () => {
    const token = await signIn("company@demo.test", "corp");
    const first = await newKey("company@demo.test", "corp");
    await rememberSessionKey(browser(token), "corp", first);
    const second = await newKey("company@demo.test", "corp");
    await rememberSessionKey(browser(token), "corp", second);
    expect(await sessionKeyFor(browser(token), "corp")).toBe(second);
    expect(await storedRows(token)).toHaveLength(1);
  });

  it("goes with the session: sign-out, every session ended, expiry", async () => {
    const signedOut = await signIn("intel@demo.test", "intel");
    const ended = await signIn("intel@demo.test", "intel");
    const key = await newKey("intel@demo.test", "intel");
    await rememberSessionKey(browser(signedOut), "intel", key);
    await rememberSessionKey(browser(ended), "intel", key);

    await destroySession(browser(signedOut));
    expect(await storedRows(signedOut)).toHaveLength(0);
    expect(await storedRows(ended)).toHaveLength(1);
    await destroyAllSessions(await userId("intel@demo.test"));
    expect(await storedRows(ended)).toHaveLength(0);

    const expiring = await signIn("intel@demo.test", "intel");
    await rememberSessionKey(browser(expiring), "intel", key);
    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id_hash", "=", sha256(unsign(expiring)!))
      .execute();
    expect(await sessionKeyFor(browser(expiring), "intel")).toBeNull();
    expect(await storedRows(expiring)).toHaveLength(0);
  });

  it("is remembered by the token management page and by POST /api/auth/generate-*-token", async () => {
    const token = await signIn("admin@demo.test", "econ");
    const page = browser(token, "http://localhost/dashboard/token-management", {
      method: "POST",
      body: new URLSearchParams({ intent: "generate", platform: "econ" }),
    });
    const answer = await call(tokenPageAction, page);
    const generated = (answer as { data: { generated: { key: string } } }).data.generated.key;
    expect(await sessionKeyFor(browser(token), "econ")).toBe(generated);

    const api = browser(token, "http://localhost/api/auth/generate-company-token", { method: "POST" });
    const response = (await call(apiTokenAction, api, { operation: "generate-company-token" })) as Response;
    expect(response.status).toBe(200);
    const { token: companyKey } = (await response.json()) as { token: string };
    expect(await sessionKeyFor(browser(token), "corp")).toBe(companyKey);

    const again = browser(token, "http://localhost/dashboard/token-management", {
      method: "POST",
      body: new URLSearchParams({ intent: "generate", platform: "econ", confirm: "yes" }),
    });
    const regenerated = ((await call(tokenPageAction, again)) as { data: { generated: { key: string } } }).data.generated.key;
    expect(regenerated).not.toBe(generated);
    expect(await sessionKeyFor(browser(token), "econ")).toBe(regenerated);
  });

  it("is not remembered when no key could be generated", async () => {
    const token = await signIn("visitor@demo.test", "econ");
    const api = browser(token, "http://localhost/api/auth/generate-macro-token", { method: "POST" });
    const response = (await call(apiTokenAction, api, { operation: "generate-macro-token" })) as Response;
    expect(response.status).toBe(403);
    expect(await storedRows(token)).toHaveLength(0);
  });
});
