import { createHash } from "node:crypto";
import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { provisioningValidator, type ProvisioningPath } from "../support/provisioning-openapi";
import { createAccount, signInToken, type TestAccount } from "./support/accounts";
import { e2eDb } from "./support/database";
import { test } from "./support/test";

const keysApi = "/api/admin/api-keys";
const validate = provisioningValidator();

/** A client calling with `Authorization: Bearer <token>`, or as a visitor without. */
async function bearerClient(playwright: PlaywrightWorkerArgs["playwright"], token: string | null): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL;
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: token ? { Authorization: `Bearer ${token}` } : {} });
}

async function sessionOf(playwright: PlaywrightWorkerArgs["playwright"], account: TestAccount): Promise<string> {
  const signIn = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const token = await signInToken(signIn, account);
  await signIn.dispose();
  return token;
}

/** The answer's status and body, after checking the body against the OpenAPI description. */
async function described(method: string, path: ProvisioningPath, response: Awaited<ReturnType<APIRequestContext["fetch"]>>) {
  const body: unknown = await response.json();
  expect(validate(method, path, response.status(), body), `${method} ${path} ${response.status()}`).toEqual([]);
  return body as Record<string, unknown>;
}

test("visitors and subscribers can neither see nor use the admin API keys", async ({ playwright }) => {
  const subscriber = await createAccount({ products: ["macroeconomic", "company", "documents", "intelligence"] });
  for (const [role, token, status] of [
    ["visitor", null, 401],
    ["subscriber", await sessionOf(playwright, subscriber), 403],
  ] as const) {
    const client = await bearerClient(playwright, token);
    expect((await client.get(keysApi)).status(), role).toBe(status);
    expect((await client.post(keysApi, { data: { name: "mine", scope: "write" } })).status(), role).toBe(status);
    expect((await client.delete(`${keysApi}/anything`)).status(), role).toBe(status);
    await described("GET", "/api/admin/api-keys", await client.get(keysApi));
    for (const page of ["/dashboard/admin/api-keys", "/zh/dashboard/admin/api-keys", "/dashboard/admin/api-keys/openapi.json"]) {
      expect((await client.get(page, { maxRedirects: 0 })).status(), `${role} ${page}`).toBe(404);
    }
    await client.dispose();
  }
});

test("an admin mints keys shown once; a read key reads, a write key revokes, a revoked key and a key elsewhere are refused", async ({
  playwright,
}) => {
  const admin = await createAccount({ isAdmin: true });
  const session = await bearerClient(playwright, await sessionOf(playwright, admin));

  const invalid = await session.post(keysApi, { data: { name: " ", scope: "admin" } });
  expect(invalid.status()).toBe(422);
  expect(await described("POST", "/api/admin/api-keys", invalid)).toEqual({
    errors: { name: "Please fill out this field.", scope: expect.any(String) },
  });

  const name = `CRM ${Date.now()}`;
  const createdRead = await session.post(keysApi, { data: { name: `${name} read`, scope: "read" } });
  expect(createdRead.status()).toBe(201);
  expect(createdRead.headers()["cache-control"]).toBe("no-store");
  const read = (await described("POST", "/api/admin/api-keys", createdRead)) as { id: string; key: string };
  const write = (await described(
    "POST",
    "/api/admin/api-keys",
    await session.post(keysApi, { data: { name: `${name} write`, scope: "write" } }),
  )) as {
    id: string;
    key: string;
  };
  expect(read.key).toMatch(/^adk_[A-Za-z0-9_-]{43}$/);

  // Only the hash and the hint are stored; the list shows the hint, never the key.
  const stored = await e2eDb().selectFrom("admin_api_keys").selectAll().where("id", "=", read.id).executeTakeFirstOrThrow();
  expect(stored.key_hash).toBe(createHash("sha256").update(read.key).digest("hex"));
  expect(JSON.stringify(stored)).not.toContain(read.key.slice(9, -4));
  const listed = await described("GET", "/api/admin/api-keys", await session.get(keysApi));
  expect(JSON.stringify(listed)).not.toContain(read.key.slice(9, -4));
  expect(listed.keys).toContainEqual(
    expect.objectContaining({
      id: read.id,
      scope: "read",
      hint: `${read.key.slice(0, 9)}…${read.key.slice(-4)}`,
      createdBy: admin.email,
      state: "active",
      lastUsedAt: null,
    }),
  );

  const readClient = await bearerClient(playwright, read.key);
  expect((await readClient.get(keysApi)).status()).toBe(200);
  const lastUsed = await e2eDb().selectFrom("admin_api_keys").select("last_used_at").where("id", "=", read.id).executeTakeFirstOrThrow();
  expect(lastUsed.last_used_at).not.toBeNull();
  const readWrites = await readClient.delete(`${keysApi}/${write.id}`);
  expect(readWrites.status()).toBe(403);
  expect(await described("DELETE", "/api/admin/api-keys/{id}", readWrites)).toEqual({
    error: "This admin API key has the read scope: it cannot change anything.",
  });
  expect((await readClient.post(keysApi, { data: { name: "minted", scope: "read" } })).status()).toBe(403);
  // Outside /api/admin/ a key is a bad token like any other, and an admin route not yet on the key guard refuses it.
  expect((await readClient.get("/api/auth/user")).status()).toBe(401);
  expect((await readClient.get("/api/admin/dashboard")).status()).toBe(401);
  expect((await readClient.get("/dashboard/admin/api-keys", { maxRedirects: 0 })).status()).toBe(404);

  const writeClient = await bearerClient(playwright, write.key);
  const minted = await writeClient.post(keysApi, { data: { name: "minted", scope: "read" } });
  expect(minted.status()).toBe(403);
  expect(await described("POST", "/api/admin/api-keys", minted)).toEqual({
    error: "Admin API keys are created by a signed-in admin, not with an admin API key.",
  });
  const revoked = await writeClient.delete(`${keysApi}/${read.id}`);
  expect(revoked.status()).toBe(200);
  expect(await described("DELETE", "/api/admin/api-keys/{id}", revoked)).toMatchObject({ id: read.id, state: "revoked" });
  await described("DELETE", "/api/admin/api-keys/{id}", await writeClient.delete(`${keysApi}/no-such-key`));

  const afterRevoke = await readClient.get(keysApi);
  expect(afterRevoke.status()).toBe(401);
  expect(await described("GET", "/api/admin/api-keys", afterRevoke)).toEqual({ error: "This admin API key is unknown or revoked." });
  expect((await readClient.get(keysApi, { headers: { Authorization: `Bearer adk_${"x".repeat(43)}` } })).status()).toBe(401);

  // The audit trail names the creator as the actor and the key the call came with, never the key itself.
  const audit = await e2eDb()
    .selectFrom("admin_actions")
    .select(["admin_username", "action", "target", "details"])
    .where("action", "in", ["admin-api-key-create", "admin-api-key-revoke"])
    .where("target", "like", `${name}%`)
    .orderBy("created_at")
    .execute();
  expect(audit.map((row) => [row.action, row.admin_username])).toEqual([
    ["admin-api-key-create", admin.email],
    ["admin-api-key-create", admin.email],
    ["admin-api-key-revoke", admin.email],
  ]);
  expect(JSON.parse(audit[2]!.details)).toEqual({ id: read.id, apiKey: `${name} write`, apiKeyId: write.id });
  expect(JSON.stringify(audit)).not.toContain(read.key.slice(9, -4));

  // A key stops when its creator is no longer an admin.
  await e2eDb().updateTable("users").set({ is_admin: 0 }).where("email", "=", admin.email).execute();
  expect((await writeClient.get(keysApi)).status()).toBe(401);

  for (const client of [session, readClient, writeClient]) await client.dispose();
});

test("admins download the provisioning API's OpenAPI description", async ({ playwright }) => {
  const admin = await createAccount({ isAdmin: true });
  const session = await bearerClient(playwright, await sessionOf(playwright, admin));
  const response = await session.get("/dashboard/admin/api-keys/openapi.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-disposition"]).toContain("provisioning-openapi.json");
  const description = await response.json();
  expect(description.openapi).toBe("3.1.0");
  expect(Object.keys(description.paths)).toContain("/api/admin/users/{id}/subscriptions/{product}");
  await session.dispose();
});
