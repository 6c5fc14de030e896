import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { createAccount, signInToken, type TestAccount } from "./support/accounts";
import { e2eDb, newestMailBody, uniqueEmail } from "./support/database";
import { provisioningValidator, type ProvisioningPath } from "../support/provisioning-openapi";
import { test } from "./support/test";

type Role = "visitor" | "subscriber" | "admin";

async function clientFor(role: Role, playwright: PlaywrightWorkerArgs["playwright"], account?: TestAccount): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL;
  let token: string | null = null;
  if (role !== "visitor") {
    const signIn = await playwright.request.newContext({ baseURL });
    token = await signInToken(signIn, account ?? (await createAccount({ products: ["macroeconomic"], isAdmin: role === "admin" })));
    await signIn.dispose();
  }
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: token ? { Authorization: `Bearer ${token}` } : {} });
}

const newUser = (email: string) => ({ email, firstName: "Grace", lastName: "Hopper", platforms: ["econ", "corp"] });

test("every users endpoint refuses a visitor (401) and a subscriber (403)", async ({ playwright }) => {
  const target = (await e2eDb().selectFrom("users").select("id").limit(1).executeTakeFirstOrThrow()).id;
  const calls: [string, string, unknown][] = [
    ["GET", "/api/admin/users", null],
    ["POST", "/api/admin/users", newUser(uniqueEmail("denied"))],
    ["GET", `/api/admin/users/${target}`, null],
    ["PATCH", `/api/admin/users/${target}`, { locked: true }],
    ["PUT", `/api/admin/users/${target}/subscriptions/company`, { startsAt: "2026-01-01" }],
    ["DELETE", `/api/admin/users/${target}/subscriptions/company`, null],
  ];
  for (const [role, status] of [
    ["visitor", 401],
    ["subscriber", 403],
  ] as const) {
    const client = await clientFor(role, playwright);
    for (const [method, path, body] of calls) {
      const response = await client.fetch(path, { method, data: body ?? undefined });
      expect(response.status(), `${method} ${path} as ${role}`).toBe(status);
      expect(await response.json()).toHaveProperty("error");
    }
    await client.dispose();
  }
  expect((await e2eDb().selectFrom("users").select("locked_at").where("id", "=", target).executeTakeFirstOrThrow()).locked_at).toBeNull();
});

test("the users pages are the 404 page for a visitor and a subscriber, and their forms change nothing", async ({ playwright }) => {
  const target = await createAccount({ products: [] });
  const { id } = await e2eDb().selectFrom("users").select("id").where("email", "=", target.email).executeTakeFirstOrThrow();
  for (const role of ["visitor", "subscriber", "admin"] as const) {
    const client = await clientFor(role, playwright);
    const expected = role === "admin" ? 200 : 404;
    for (const path of [
      "/dashboard/admin/users",
      "/dashboard/admin/users/new",
      `/dashboard/admin/users/${id}`,
      `/zh/dashboard/admin/users/${id}`,
    ]) {
      expect((await client.get(path)).status(), `${path} as ${role}`).toBe(expected);
    }
    if (role !== "admin") {
      const lock = await client.post(`/dashboard/admin/users/${id}`, { form: { intent: "lock" }, maxRedirects: 0 });
      expect(lock.status()).toBe(404);
    }
    await client.dispose();
  }
  expect((await e2eDb().selectFrom("users").select("locked_at").where("id", "=", id).executeTakeFirstOrThrow()).locked_at).toBeNull();
});

test("a stale form on the user page gets 409 and its message, and nothing is saved", async ({ playwright }) => {
  const admin = await clientFor("admin", playwright);
  const target = await createAccount({ products: [], platforms: ["econ"] });
  const { id } = await e2eDb().selectFrom("users").select("id").where("email", "=", target.email).executeTakeFirstOrThrow();
  const form = { intent: "profile", version: "1", firstName: "First", lastName: "Admin", platforms: "econ" };
  expect((await admin.post(`/dashboard/admin/users/${id}`, { form, maxRedirects: 0 })).status()).toBe(302);
  const stale = await admin.post(`/dashboard/admin/users/${id}`, { form: { ...form, firstName: "Second" }, maxRedirects: 0 });
  expect(stale.status()).toBe(409);
  expect(await stale.text()).toContain("Someone else changed this user while you were editing.");
  expect((await e2eDb().selectFrom("users").select("first_name").where("id", "=", id).executeTakeFirstOrThrow()).first_name).toBe("First");
  await admin.dispose();
});

test("POST /api/admin/users creates a user once per e-mail address and mails the invitation", async ({ playwright }) => {
  const admin = await clientFor("admin", playwright);
  const email = uniqueEmail("provisioned");
  const created = await admin.post("/api/admin/users", { data: newUser(email) });
  expect(created.status()).toBe(201);
  const user = await created.json();
  expect(user).toMatchObject({ email, firstName: "Grace", platforms: expect.arrayContaining(["econ", "corp"]), locked: false, version: 1 });
  expect(await newestMailBody(email)).toMatch(/\/invitation\/\S+/);

  const again = await admin.post("/api/admin/users", { data: { ...newUser(email.toUpperCase()), firstName: "Other" } });
  expect(again.status()).toBe(200);
  expect(await again.json()).toMatchObject({ id: user.id, firstName: "Grace" });

  const invalid = await admin.post("/api/admin/users", { data: { email: "nope", firstName: "", lastName: "X", platforms: ["moon"] } });
  expect(invalid.status()).toBe(422);
  expect(Object.keys((await invalid.json()).errors).sort()).toEqual(["email", "firstName", "platforms.0"]);
  expect((await admin.post("/api/admin/users", { data: "not json", headers: { "Content-Type": "text/plain" } })).status()).toBe(415);

  const list = await admin.get(`/api/admin/users?q=${encodeURIComponent(email)}`);
  expect(await list.json()).toMatchObject({ total: 1, page: 1, users: [{ id: user.id, email }] });
  const detail = await admin.get(`/api/admin/users/${user.id}`);
  expect(await detail.json()).toMatchObject({ id: user.id, invitation: { state: "pending" } });
  expect((await admin.get("/api/admin/users/no-such-user")).status()).toBe(404);
  await admin.dispose();
});

test("PATCH /api/admin/users/{id} locks at once and refuses a stale version with 409", async ({ playwright }) => {
  const admin = await clientFor("admin", playwright);
  const account = await createAccount({ products: ["company"], platforms: ["corp", "econ"] });
  const subscriber = await clientFor("subscriber", playwright, account);
  expect((await subscriber.get("/api/auth/user")).status()).toBe(200);
  const { id } = await e2eDb().selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow();

  const locked = await admin.patch(`/api/admin/users/${id}`, { data: { locked: true, version: 1 } });
  expect(locked.status()).toBe(200);
  expect(await locked.json()).toMatchObject({ locked: true, version: 2 });
  expect((await subscriber.get("/api/auth/user")).status()).toBe(401);

  const stale = await admin.patch(`/api/admin/users/${id}`, { data: { firstName: "Overwritten", version: 1 } });
  expect(stale.status()).toBe(409);
  expect(await stale.json()).toMatchObject({ error: expect.stringContaining("Nothing was saved"), version: 2 });
  expect((await (await admin.get(`/api/admin/users/${id}`)).json()).firstName).toBe("Test");
  expect((await admin.patch(`/api/admin/users/${id}`, { data: { locked: "maybe" } })).status()).toBe(422);
  await admin.dispose();
  await subscriber.dispose();
});

test("PUT and DELETE /api/admin/users/{id}/subscriptions/{product} give and end a subscription", async ({ playwright }) => {
  const admin = await clientFor("admin", playwright);
  const account = await createAccount({ products: [], platforms: ["econ"] });
  const { id } = await e2eDb().selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow();
  const path = `/api/admin/users/${id}/subscriptions/macroeconomic`;

  const put = await admin.put(path, { data: { startsAt: "2026-01-01", endsAt: null, databases: ["DB02", "DB01"] } });
  expect(put.status()).toBe(200);
  expect((await put.json()).subscriptions).toEqual([
    { product: "macroeconomic", startsAt: "2026-01-01T00:00:00.000Z", endsAt: null, databases: ["DB01", "DB02"], state: "active" },
  ]);
  const subscriber = await clientFor("subscriber", playwright, account);
  const key = await subscriber.post("/api/auth/generate-macro-token");
  expect(key.status()).toBe(200);

  const ended = await admin.delete(path);
  expect(ended.status()).toBe(200);
  const [subscription] = (await ended.json()).subscriptions;
  expect(Date.parse(subscription.endsAt)).toBeLessThanOrEqual(Date.now());
  expect((await admin.delete(path)).status()).toBe(404);
  const keyRow = await e2eDb().selectFrom("api_keys").select("revoked_reason").where("user_id", "=", id).executeTakeFirstOrThrow();
  expect(keyRow.revoked_reason).toBe("subscription-ended");

  const bad = await admin.put(path, { data: { startsAt: "2026-05-01", endsAt: "2026-04-01" } });
  expect(bad.status()).toBe(422);
  expect((await bad.json()).errors).toHaveProperty("endsAt");
  expect((await admin.put(`/api/admin/users/${id}/subscriptions/moon`, { data: { startsAt: "2026-01-01" } })).status()).toBe(404);
  expect((await admin.get(path)).status()).toBe(405);
  await admin.dispose();
  await subscriber.dispose();
});

test("with admin API keys, every answer of the users API is as its OpenAPI description says, and the audit names the key", async ({
  playwright,
}) => {
  const validate = provisioningValidator();
  const creator = await createAccount({ products: [], isAdmin: true });
  const admin = await clientFor("admin", playwright, creator);
  const keyFor = async (scope: "read" | "write") => {
    const minted = await admin.post("/api/admin/api-keys", { data: { name: `users ${scope}`, scope } });
    expect(minted.status()).toBe(201);
    return ((await minted.json()) as { key: string }).key;
  };
  const baseURL = test.info().project.use.baseURL;
  const writer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${await keyFor("write")}` } });
  const reader = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${await keyFor("read")}` } });
  const answered = async (
    method: string,
    path: ProvisioningPath,
    response: Awaited<ReturnType<APIRequestContext["fetch"]>>,
    status: number,
  ) => {
    const body: unknown = await response.json();
    expect(response.status(), `${method} ${path}: ${JSON.stringify(body)}`).toBe(status);
    expect(validate(method, path, status, body), `${method} ${path} ${status}`).toEqual([]);
    return body as { id: string; version: number };
  };

  const email = uniqueEmail("keyed");
  const user = await answered("POST", "/api/admin/users", await writer.post("/api/admin/users", { data: newUser(email) }), 201);
  await answered("POST", "/api/admin/users", await writer.post("/api/admin/users", { data: newUser(email) }), 200);
  await answered("POST", "/api/admin/users", await writer.post("/api/admin/users", { data: { email: "nope" } }), 422);
  await answered("GET", "/api/admin/users", await reader.get(`/api/admin/users?q=${encodeURIComponent(email)}&sort=email&dir=asc`), 200);
  const one = "/api/admin/users/{id}" as const;
  await answered("GET", one, await reader.get(`/api/admin/users/${user.id}`), 200);
  await answered("GET", one, await reader.get("/api/admin/users/no-such-user"), 404);
  await answered("PATCH", one, await reader.patch(`/api/admin/users/${user.id}`, { data: { lastName: "Read" } }), 403);
  const renamed = await answered(
    "PATCH",
    one,
    await writer.patch(`/api/admin/users/${user.id}`, { data: { lastName: "Keyed", version: user.version } }),
    200,
  );
  await answered(
    "PATCH",
    one,
    await writer.patch(`/api/admin/users/${user.id}`, { data: { lastName: "Stale", version: user.version } }),
    409,
  );
  const subscription = "/api/admin/users/{id}/subscriptions/{product}" as const;
  const path = `/api/admin/users/${user.id}/subscriptions/macroeconomic`;
  await answered(
    "PUT",
    subscription,
    await writer.put(path, { data: { startsAt: "2026-01-01", endsAt: "2030-12-31", databases: ["DB01"] } }),
    200,
  );
  await answered(
    "PUT",
    subscription,
    await writer.put(path, { data: { startsAt: "2026-01-01", endsAt: "2030-12-31", version: renamed.version } }),
    409,
  );
  await answered("DELETE", subscription, await reader.delete(path), 403);
  await answered("DELETE", subscription, await writer.delete(path), 200);

  const audit = await e2eDb().selectFrom("admin_actions").select(["action", "details"]).where("target", "=", user.id).execute();
  expect(audit.map((row) => row.action)).toEqual(
    expect.arrayContaining(["user-create", "user-edit", "subscription-put", "subscription-end"]),
  );
  for (const row of audit) expect(JSON.parse(row.details), row.action).toMatchObject({ apiKey: "users write" });

  // The keys act for their creator: locking the creator stops them at once.
  await e2eDb().updateTable("users").set({ locked_at: new Date().toISOString() }).where("email", "=", creator.email).execute();
  await answered("GET", "/api/admin/users", await reader.get("/api/admin/users"), 401);
  await Promise.all([admin.dispose(), writer.dispose(), reader.dispose()]);
});
