import { describe, expect, it } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { loadCurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { actorDetails, requireAdminApi } from "~/modules/provisioning/admin-api.server";
import { createAdminApiKey, listAdminApiKeys, revokeAdminApiKey } from "~/modules/provisioning/admin-api-keys.server";
import { insertSubscriber } from "../support/subscribers";

async function newAdmin() {
  const { id } = await insertSubscriber({ label: "adminkeys", products: [], admin: true, platforms: ["econ"] });
  return (await loadCurrentUser(id, "econ"))!;
}

function call(path: string, token: string): Request {
  return new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** The guard's answer: the actor, or the status and body it refused with. */
async function guard(request: Request, scope: "read" | "write") {
  try {
    return await requireAdminApi(request, scope);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: (await thrown.json()) as unknown };
  }
}

describe("requireAdminApi", () => {
  it("lets a key act for its creator under /api/admin/ within its scope, and refuses it elsewhere, revoked or read-only", async () => {
    const admin = await newAdmin();
    const read = await createAdminApiKey(admin, { name: "reporting", scope: "read" });
    const write = await createAdminApiKey(admin, { name: "billing", scope: "write" });

    const actor = await guard(call("/api/admin/users", write.key), "write");
    expect(actor).toMatchObject({ admin: { id: admin.id, isAdmin: true }, key: { id: write.id, name: "billing" } });
    expect(actorDetails(actor as Awaited<ReturnType<typeof requireAdminApi>>)).toEqual({ apiKey: "billing", apiKeyId: write.id });
    expect(await guard(call("/api/admin/users", read.key), "read")).toMatchObject({ key: { id: read.id } });
    expect(await guard(call("/api/admin/users", read.key), "write")).toEqual({
      status: 403,
      body: { error: "This admin API key has the read scope: it cannot change anything." },
    });
    // Outside /api/admin/ the key is a bearer like any other: not a session, so 401.
    expect(await guard(call("/api/auth/user", write.key), "read")).toMatchObject({ status: 401 });
    expect(await guard(call("/api/admin/users", `adk_${"0".repeat(43)}`), "read")).toEqual({
      status: 401,
      body: { error: "This admin API key is unknown or revoked." },
    });

    await revokeAdminApiKey(admin, read.id);
    expect(await guard(call("/api/admin/users", read.key), "read")).toMatchObject({ status: 401 });
  });

  it("passes an admin session for any scope, with no key in the audit details", async () => {
    const admin = await newAdmin();
    const { token } = await createSession(admin.id, "econ");
    const actor = await requireAdminApi(call("/api/admin/users", token), "write");
    expect(actor.admin.id).toBe(admin.id);
    expect(actor.key).toBeNull();
    expect(actorDetails(actor)).toEqual({});
  });

  it("writes a key's last use at most once a minute", async () => {
    const admin = await newAdmin();
    const { id, key } = await createAdminApiKey(admin, { name: "crm", scope: "read" });
    const lastUsed = async () =>
      (await db.selectFrom("admin_api_keys").select("last_used_at").where("id", "=", id).executeTakeFirstOrThrow()).last_used_at;
    await requireAdminApi(call("/api/admin/users", key), "read");
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await requireAdminApi(call("/api/admin/users", key), "read");
    expect(await lastUsed()).toBe(first);
    const twoMinutesAgo = nowIso(new Date(Date.now() - 120_000));
    await db.updateTable("admin_api_keys").set({ last_used_at: twoMinutesAgo }).where("id", "=", id).execute();
    await requireAdminApi(call("/api/admin/users", key), "read");
    expect(Date.parse((await lastUsed())!)).toBeGreaterThan(Date.parse(twoMinutesAgo));
  });
});

describe("admin API keys", () => {
  it("are listed working ones first without their key, and revoked once (audited once)", async () => {
    const admin = await newAdmin();
    const first = await createAdminApiKey(admin, { name: `first-${admin.id}`, scope: "read" });
    const second = await createAdminApiKey(admin, { name: `second-${admin.id}`, scope: "write" });
    expect((await revokeAdminApiKey(admin, first.id))?.state).toBe("revoked");
    expect((await revokeAdminApiKey(admin, first.id))?.state).toBe("revoked");
    expect(await revokeAdminApiKey(admin, "no-such-key")).toBeNull();

    const mine = (await listAdminApiKeys()).filter((key) => key.createdBy === admin.username);
    expect(mine.map((key) => [key.id, key.state])).toEqual([
      [second.id, "active"],
      [first.id, "revoked"],
    ]);
    expect(JSON.stringify(mine)).not.toContain(first.key.slice(9, -4));
    const audit = await db
      .selectFrom("admin_actions")
      .select(["action", "details"])
      .where("admin_id", "=", admin.id)
      .orderBy("created_at")
      .execute();
    expect(audit.map((row) => row.action)).toEqual(["admin-api-key-create", "admin-api-key-create", "admin-api-key-revoke"]);
    expect(audit.map((row) => JSON.parse(row.details) as unknown)).toContainEqual({ id: first.id, scope: "read" });
  });
});
