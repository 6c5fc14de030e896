import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { createAccount, signInToken } from "./support/accounts";
import { test } from "./support/test";

type Role = "visitor" | "subscriber" | "admin" | "decoder";
const roles: Role[] = ["visitor", "subscriber", "admin", "decoder"];
const everything = ["macroeconomic", "company", "documents", "intelligence"] as const;

/** A client of the role: an admin without the token-decoder flag, or (decoder) an admin with it. */
async function clientFor(role: Role, playwright: PlaywrightWorkerArgs["playwright"]): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL;
  let token: string | null = null;
  if (role !== "visitor") {
    const signIn = await playwright.request.newContext({ baseURL });
    const account = await createAccount({ products: [...everything], isAdmin: role !== "subscriber", hasTokenDecoder: role === "decoder" });
    token = await signInToken(signIn, account);
    await signIn.dispose();
  }
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: token ? { Authorization: `Bearer ${token}` } : {} });
}

const api = "/api/admin/token-decoder";

/** [method, path, JSON body, expected status per role] */
const routes: [string, string, unknown, Record<Role, number>][] = [
  ["GET", "/dashboard/admin/token-decoder", null, { visitor: 404, subscriber: 404, admin: 404, decoder: 200 }],
  ["GET", "/zh/dashboard/admin/token-decoder/", null, { visitor: 404, subscriber: 404, admin: 404, decoder: 200 }],
  ["POST", api, { token: "econ_unknown" }, { visitor: 401, subscriber: 403, admin: 403, decoder: 200 }],
  ["POST", api, {}, { visitor: 401, subscriber: 403, admin: 403, decoder: 422 }],
  ["GET", api, null, { visitor: 401, subscriber: 403, admin: 403, decoder: 405 }],
  ["DELETE", api, null, { visitor: 401, subscriber: 403, admin: 403, decoder: 405 }],
];

for (const role of roles) {
  test(`the token decoder page and API answer a ${role} as they must`, async ({ playwright }) => {
    const client = await clientFor(role, playwright);
    for (const [method, path, body, expected] of routes) {
      const response = await client.fetch(path, { method, data: body ?? undefined, maxRedirects: 0 });
      expect(response.status(), `${method} ${path} as ${role}`).toBe(expected[role]);
    }
    if (role === "admin") {
      expect(await (await client.post(api, { data: { token: "x" } })).json()).toEqual({
        error: "Only administrators with the token decoder permission can do this.",
      });
    }
    await client.dispose();
  });
}

test("POST /api/admin/token-decoder decodes a real API key and a session token", async ({ playwright, request }) => {
  const account = await createAccount({ products: ["macroeconomic"], platforms: ["econ", "intel"] });
  const session = await signInToken(request, account);
  const generated = await request.post("/api/auth/generate-macro-token", { headers: { Authorization: `Bearer ${session}` } });
  const { token: key } = await generated.json();
  const client = await clientFor("decoder", playwright);

  const decodedKey = await client.post(api, { data: { token: key } });
  expect(decodedKey.status()).toBe(200);
  const keyResult = await decodedKey.json();
  expect(keyResult).toEqual({
    found: true,
    hint: `${key.slice(0, 9)}…${key.slice(-4)}`,
    userId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    username: account.email,
    services: [
      { platform: "econ", found: true, userId: keyResult.userId, username: account.email, kind: "api-key", status: "active" },
      { platform: "corp", found: false, message: "Token was not found in Company platform" },
      { platform: "intel", found: false, message: "Token was not found in Intelligence platform" },
    ],
  });
  expect(JSON.stringify(keyResult)).not.toContain(key);

  const decodedSession = await (await client.post(api, { data: { token: session } })).json();
  expect(decodedSession.services.map((service: { found: boolean; kind?: string }) => [service.found, service.kind ?? null])).toEqual([
    [true, "session"],
    [false, null],
    [true, "session"],
  ]);

  const replaced = await request.post("/api/auth/generate-macro-token", { headers: { Authorization: `Bearer ${session}` } });
  expect(replaced.status()).toBe(200);
  expect((await (await client.post(api, { data: { token: key } })).json()).services[0]).toMatchObject({ status: "replaced" });
  await client.dispose();
});

test("POST /api/admin/token-decoder: 'Invalid token!', a missing token and bodies that are not JSON objects", async ({ playwright }) => {
  const client = await clientFor("decoder", playwright);
  const malformed = await client.post(api, { data: { token: "not-a-token" } });
  expect([malformed.status(), await malformed.json()]).toEqual([200, { found: false, reason: "malformed", message: "Invalid token!" }]);

  const unknownKey = `intel_${"A".repeat(32)}`;
  const unknown = await client.post(api, { data: { token: unknownKey } });
  expect(await unknown.json()).toEqual({
    found: false,
    reason: "unknown",
    message: "Invalid token!",
    hint: "intel_AAA…AAAA",
    services: [
      { platform: "econ", found: false, message: "Token was not found in Macroeconomic platform" },
      { platform: "corp", found: false, message: "Token was not found in Company platform" },
      { platform: "intel", found: false, message: "Token was not found in Intelligence platform" },
    ],
  });

  for (const body of [{}, { token: "" }, { token: " \t " }]) {
    const missing = await client.post(api, { data: body });
    expect([missing.status(), await missing.json()], JSON.stringify(body)).toEqual([
      422,
      { errors: { token: "Please fill out this field." } },
    ]);
  }
  for (const token of [42, null, ["econ_x"]]) expect((await client.post(api, { data: { token } })).status()).toBe(422);
  const tooLong = await client.post(api, { data: { token: "x".repeat(201) } });
  expect([tooLong.status(), await tooLong.json()]).toEqual([422, { errors: { token: "Please use at most 200 characters." } }]);
  expect((await client.post(api, { headers: { "Content-Type": "application/json" }, data: "{oops" })).status()).toBe(400);
  expect((await client.post(api, { form: { token: "econ_x" } })).status()).toBe(415);

  const zh = await client.post(`${api}?lang=zh`, { data: { token: "nope" } });
  expect((await zh.json()).message).toBe("无效的令牌！");
  await client.dispose();
});
