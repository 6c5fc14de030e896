import { expect } from "@playwright/test";
import { createAccount, signInToken } from "./support/accounts";
import { test } from "./support/test";

const NEW_PASSWORD = "a fresh password of mine";

test("POST /api/auth/change-password and the sessions API answer visitors 401 and act on the caller's own sessions", async ({
  playwright,
}) => {
  const baseURL = test.info().project.use.baseURL!;
  const visitor = await playwright.request.newContext({ baseURL });
  for (const [method, path] of [
    ["POST", "/api/auth/change-password"],
    ["GET", "/api/auth/sessions"],
    ["DELETE", "/api/auth/sessions"],
    ["DELETE", "/api/auth/sessions/0123456789abcdef"],
  ] as const) {
    const response = await visitor.fetch(path, {
      method,
      data: method === "POST" ? { currentPassword: "x", newPassword: NEW_PASSWORD } : undefined,
    });
    expect(response.status(), `${method} ${path}`).toBe(401);
  }
  await visitor.dispose();

  const account = await createAccount({ products: ["macroeconomic"] });
  const other = await createAccount({ products: ["macroeconomic"] });
  const signIn = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0" },
  });
  const first = await signInToken(signIn, account);
  const second = await signInToken(signIn, account);
  const othersToken = await signInToken(signIn, other);
  await signIn.dispose();
  const as = (token: string) => playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  const client = await as(second);

  const listed = await client.get("/api/auth/sessions");
  expect(listed.status()).toBe(200);
  const { sessions } = (await listed.json()) as {
    sessions: { handle: string; current: boolean; device: { browser: string; os: string } }[];
  };
  expect(sessions).toHaveLength(2);
  expect(sessions[0]).toMatchObject({ current: true, device: { browser: "Firefox", os: "Windows" } });

  const otherClient = await as(othersToken);
  const foreignHandle = ((await (await otherClient.get("/api/auth/sessions")).json()) as { sessions: { handle: string }[] }).sessions[0]!
    .handle;
  expect((await client.delete(`/api/auth/sessions/${foreignHandle}`)).status()).toBe(404);
  expect((await otherClient.get("/api/auth/sessions")).status()).toBe(200);
  expect((await client.delete("/api/auth/sessions/not-a-handle")).status()).toBe(404);
  expect((await client.get(`/api/auth/sessions/${sessions[1]!.handle}`)).status()).toBe(405);

  const wrong = await client.post("/api/auth/change-password", { data: { currentPassword: "not my password", newPassword: NEW_PASSWORD } });
  expect(wrong.status()).toBe(400);
  expect(await wrong.json()).toEqual({ errors: { currentPassword: "The current password is not correct." } });
  const short = await client.post("/api/auth/change-password", { data: { currentPassword: account.password, newPassword: "short" } });
  expect(short.status()).toBe(422);
  expect(((await short.json()) as { errors: Record<string, string> }).errors).toHaveProperty("newPassword");
  const zh = await client.post("/api/auth/change-password?lang=zh", {
    data: { currentPassword: "not my password", newPassword: NEW_PASSWORD },
  });
  expect(zh.status()).toBe(400);

  const changed = await client.post("/api/auth/change-password", {
    data: { currentPassword: account.password, newPassword: NEW_PASSWORD },
  });
  expect(changed.status()).toBe(200);
  expect(await changed.json()).toEqual({ ok: true });
  expect((await client.get("/api/auth/sessions")).status()).toBe(200);
  const firstClient = await as(first);
  expect((await firstClient.get("/api/auth/sessions")).status()).toBe(401);
  expect((await otherClient.get("/api/auth/sessions")).status()).toBe(200);

  const relogin = await playwright.request.newContext({ baseURL });
  await signInToken(relogin, { email: account.email, password: NEW_PASSWORD });
  await relogin.dispose();
  expect(((await (await client.get("/api/auth/sessions")).json()) as { sessions: unknown[] }).sessions).toHaveLength(2);
  expect((await client.delete("/api/auth/sessions")).status()).toBe(200);
  expect(((await (await client.get("/api/auth/sessions")).json()) as { sessions: unknown[] }).sessions).toHaveLength(1);

  for (const context of [client, otherClient, firstClient]) await context.dispose();
});
