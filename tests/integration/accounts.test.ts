import { describe, expect, it } from "vitest";
import { generateApiKey, listActiveKeys, verifyApiKey } from "~/modules/auth/api-keys.server";
import { localIdentityProvider } from "~/modules/auth/identity.server";
import { isResetTokenUsable, passwordResetMailJob, requestPasswordReset, resetPassword } from "~/modules/auth/password-reset.server";
import { DEMO_PASSWORD, demoAccounts, seedDemoAccounts } from "~/modules/auth/seed.server";
import { createSession, destroySession, getOptionalUser } from "~/modules/auth/session.server";
import { findUserByEmail, loadCurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { engineHandlers } from "~/modules/server/engine.server";
import { startWorker } from "~/modules/jobs/worker.server";
import { waitFor } from "../support/wait";

function withBearer(token: string): Request {
  return new Request("http://localhost/api/auth/user", { headers: { Authorization: `Bearer ${token}` } });
}

async function userId(email: string): Promise<string> {
  return (await findUserByEmail(email))!.id;
}

describe("accounts", () => {
  it("seeds the demo accounts once, with the subscriptions DESIGN.md gives them", async () => {
    await seedDemoAccounts();
    await seedDemoAccounts();
    const users = await db.selectFrom("users").select("email").execute();
    expect(users.map((user) => user.email).sort()).toEqual(demoAccounts.map((account) => account.email).sort());
    const admin = await loadCurrentUser(await userId("admin@demo.test"), "econ");
    expect(admin).toMatchObject({
      isAdmin: true,
      hasTokenDecoder: true,
      subscriptions: { macroeconomic: true, company: true, documents: true, intelligence: true },
    });
    const visitor = await loadCurrentUser(await userId("visitor@demo.test"), "corp");
    expect(visitor?.subscriptions).toEqual({ macroeconomic: false, company: false, documents: false, intelligence: false });
  });

  it("checks credentials against the platform's identity provider", async () => {
    const econ = localIdentityProvider("econ");
    expect(await econ.verifyCredentials("MACRO@demo.test", DEMO_PASSWORD)).toBe(await userId("macro@demo.test"));
    expect(await econ.verifyCredentials("macro@demo.test", "wrong")).toBeNull();
    expect(await econ.verifyCredentials("nobody@demo.test", DEMO_PASSWORD)).toBeNull();
    expect(await localIdentityProvider("corp").verifyCredentials("macro@demo.test", DEMO_PASSWORD)).toBeNull();
  });

  it("keeps sessions on the server: a destroyed or expired session no longer signs in", async () => {
    const id = await userId("company@demo.test");
    const first = await createSession(id, "corp");
    const second = await createSession(id, "corp");
    expect(first.token).not.toBe(second.token);
    expect(first.cookie).toMatch(/^token=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=1209600$/);
    expect((await getOptionalUser(withBearer(first.token)))?.email).toBe("company@demo.test");
    await destroySession(withBearer(first.token));
    expect(await getOptionalUser(withBearer(first.token))).toBeNull();
    expect(await getOptionalUser(withBearer(second.token))).not.toBeNull();

    await db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", id)
      .execute();
    expect(await getOptionalUser(withBearer(second.token))).toBeNull();
  });

  it("replaces the old key at once and deactivates keys whose subscription ended", async () => {
    const user = (await loadCurrentUser(await userId("intel@demo.test"), "intel"))!;
    expect(await generateApiKey(user, "econ")).toBeNull();
    const first = (await generateApiKey(user, "intel"))!;
    const second = (await generateApiKey(user, "intel"))!;
    expect(await verifyApiKey("intel", first)).toEqual({ valid: false, reason: "replaced" });
    expect(await verifyApiKey("intel", second)).toEqual({ valid: true });
    expect(await verifyApiKey("econ", second)).toEqual({ valid: false, reason: "unknown" });
    expect(await listActiveKeys(user.id)).toHaveLength(1);

    await db
      .updateTable("subscriptions")
      .set({ ends_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", user.id)
      .execute();
    expect(await verifyApiKey("intel", second)).toEqual({ valid: false, reason: "subscription-ended" });
    expect(await listActiveKeys(user.id)).toHaveLength(0);
  });

  it("resets a password once with a link that ends every session", async () => {
    const id = await userId("documents@demo.test");
    const session = await createSession(id, "corp");
    const worker = startWorker({ handlers: { [passwordResetMailJob]: engineHandlers[passwordResetMailJob]! }, pollMs: 25, concurrency: 1 });
    await requestPasswordReset({ email: "documents@demo.test", resetPath: "/reset-password", clientAddress: null });
    await requestPasswordReset({ email: "nobody@example.com", resetPath: "/reset-password", clientAddress: null });
    const [mail] = await waitFor(
      () => db.selectFrom("outbox").selectAll().where("recipient", "=", "documents@demo.test").execute(),
      (rows) => rows.length === 1,
    );
    await waitFor(
      () => db.selectFrom("jobs").select("id").where("status", "!=", "done").execute(),
      (rows) => rows.length === 0,
    );
    await worker.stop();
    const token = /\/reset-password\/(\S+)/.exec(mail!.body)![1]!;
    expect(await isResetTokenUsable(token)).toBe(true);
    expect(await resetPassword(token, "another good password")).toBe(true);
    expect(await resetPassword(token, "and once more please")).toBe(false);
    expect(await getOptionalUser(withBearer(session.token))).toBeNull();
    expect(await localIdentityProvider("corp").verifyCredentials("documents@demo.test", "another good password")).toBe(id);
    expect(await db.selectFrom("outbox").select("id").where("recipient", "=", "nobody@example.com").execute()).toHaveLength(0);
  });
});
