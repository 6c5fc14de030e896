import { expect, type APIRequestContext } from "@playwright/test";
import { createAccount, signInToken } from "./support/accounts";
import { test } from "./support/test";

type Role = "visitor" | "unsubscribed" | "subscriber" | "admin";
const roles: Role[] = ["visitor", "unsubscribed", "subscriber", "admin"];

async function tokenFor(role: Role, request: APIRequestContext): Promise<string | null> {
  if (role === "visitor") return null;
  const account = await createAccount({
    products:
      role === "unsubscribed" ? [] : role === "subscriber" ? ["macroeconomic"] : ["macroeconomic", "company", "documents", "intelligence"],
    isAdmin: role === "admin",
  });
  return signInToken(request, account);
}

/** [method, path, body, expected status per role] */
const routes: [string, string, unknown, Record<Role, number>][] = [
  ["GET", "/dashboard", null, { visitor: 404, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["GET", "/zh/dashboard/", null, { visitor: 404, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["GET", "/dashboard/profile", null, { visitor: 404, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["GET", "/dashboard/token-management", null, { visitor: 404, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["GET", "/faq", null, { visitor: 302, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["GET", "/api/auth/user", null, { visitor: 401, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["POST", "/api/auth/save-profile", { firstName: "A", lastName: "B" }, { visitor: 401, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["GET", "/api/auth/profile-picture", null, { visitor: 401, unsubscribed: 404, subscriber: 404, admin: 404 }],
  ["POST", "/api/auth/generate-macro-token", null, { visitor: 401, unsubscribed: 403, subscriber: 200, admin: 200 }],
  ["POST", "/api/auth/generate-company-token", null, { visitor: 401, unsubscribed: 403, subscriber: 403, admin: 200 }],
  ["POST", "/api/auth/generate-intelligence-token", null, { visitor: 401, unsubscribed: 403, subscriber: 403, admin: 200 }],
  ["POST", "/api/auth/verify-macro-token", { token: "econ_x" }, { visitor: 401, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["POST", "/api/auth/verify-company-token", {}, { visitor: 401, unsubscribed: 400, subscriber: 400, admin: 400 }],
  ["POST", "/api/auth/generate-other-token", null, { visitor: 404, unsubscribed: 404, subscriber: 404, admin: 404 }],
  ["GET", "/api/auth/generate-macro-token", null, { visitor: 405, unsubscribed: 405, subscriber: 405, admin: 405 }],
  ["GET", "/dashboard/password", null, { visitor: 404, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["GET", "/dashboard/sessions", null, { visitor: 404, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["GET", "/dashboard/delete-account", null, { visitor: 404, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["GET", "/api/auth/sessions", null, { visitor: 401, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["POST", "/api/auth/change-password", {}, { visitor: 401, unsubscribed: 422, subscriber: 422, admin: 422 }],
  ["DELETE", "/api/auth/sessions/0123456789abcdef", null, { visitor: 401, unsubscribed: 404, subscriber: 404, admin: 404 }],
  ["GET", "/dashboard/webhooks", null, { visitor: 404, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["GET", "/api/auth/webhook-secret", null, { visitor: 401, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["POST", "/api/auth/webhook-secret", null, { visitor: 401, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["POST", "/api/auth/webhook-test", {}, { visitor: 401, unsubscribed: 422, subscriber: 422, admin: 422 }],
  ["GET", "/dashboard/usage", null, { visitor: 404, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["GET", "/dashboard/usage/days.csv", null, { visitor: 404, unsubscribed: 200, subscriber: 200, admin: 200 }],
  ["GET", "/dashboard/usage/req_aaaaaaaaaaaaaaaaaaaaaaaa", null, { visitor: 404, unsubscribed: 404, subscriber: 404, admin: 404 }],
  ["GET", "/dashboard/admin/usage", null, { visitor: 404, unsubscribed: 404, subscriber: 404, admin: 200 }],
  ["GET", "/dashboard/admin/usage/calls.csv", null, { visitor: 404, unsubscribed: 404, subscriber: 404, admin: 200 }],
  ["GET", "/api/admin/usage", null, { visitor: 401, unsubscribed: 403, subscriber: 403, admin: 200 }],
  ["GET", "/api-products/econ/sandbox/usage", null, { visitor: 404, unsubscribed: 404, subscriber: 404, admin: 404 }],
];

for (const role of roles) {
  test(`every dashboard and /api/auth route answers a ${role} as it must`, async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const token = await tokenFor(role, request);
    await request.dispose();
    const client = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
      extraHTTPHeaders: token ? { Authorization: `Bearer ${token}` } : {},
    });
    for (const [method, path, body, expected] of routes) {
      const response = await client.fetch(path, { method, data: body ?? undefined, maxRedirects: 0 });
      expect(response.status(), `${method} ${path} as ${role}`).toBe(expected[role]);
    }
    const logout = await client.post("/api/auth/logout");
    expect(logout.status()).toBe(200);
    if (token) expect((await client.get("/api/auth/user")).status()).toBe(401);
    await client.dispose();
  });
}

test("GET /api/auth/user answers the contract of DESIGN.md", async ({ request }) => {
  const token = await signInToken(request, { email: "documents@demo.test", password: "demo-password" }, "corp");
  const response = await request.get("/api/auth/user", { headers: { Authorization: `Bearer ${token}` } });
  expect(await response.json()).toMatchObject({
    username: "documents@demo.test",
    email: "documents@demo.test",
    platform: "corp",
    subscriptions: { macroeconomic: false, company: false, documents: true, intelligence: false },
    isAdmin: false,
    hasTokenDecoder: false,
  });
});

test("a tampered or unknown session token is refused", async ({ request }) => {
  const token = await signInToken(request, { email: "intel@demo.test", password: "demo-password" }, "intel");
  for (const bad of [`${token}x`, `x${token}`, "garbage", "a.b"]) {
    const response = await request.get("/api/auth/user", { headers: { Authorization: `Bearer ${bad}` } });
    expect(response.status(), bad).toBe(401);
  }
});

test("the JSON auth endpoints answer garbage with a 4xx", async ({ request }) => {
  const token = await signInToken(request, { email: "macro@demo.test", password: "demo-password" });
  const headers = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  expect((await request.post("/api/auth/save-profile", { headers, data: "{oops" })).status()).toBe(400);
  expect((await request.post("/api/auth/save-profile", { headers, data: { firstName: 1, lastName: "x".repeat(5000) } })).status()).toBe(
    422,
  );
  expect((await request.post("/api/auth/verify-macro-token", { headers, data: "[]" })).status()).toBe(400);
  expect((await request.post("/api/auth/verify-macro-token", { headers, data: { token: 42 } })).status()).toBe(400);
  const picture = await request.post("/api/auth/profile-picture", {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { picture: { name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(3 * 1024 * 1024, 1) } },
  });
  expect(picture.status()).toBe(413);
  const login = await request.post("/login/econ", { data: { email: 1 }, maxRedirects: 0 });
  expect(login.status()).toBe(400);
});
