import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/modules/auth/crypto.server";
import { createSession, getOptionalUser } from "~/modules/auth/session.server";
import { db } from "~/modules/db/db.server";
import { CLIENT_ADDRESS_HEADER } from "~/modules/http/client-address.server";
import * as changePasswordRoute from "~/routes/api/auth-change-password";
import * as sessionsRoute from "~/routes/api/auth-sessions";
import { insertSubscriber } from "../support/subscribers";
import { testPasswordHash } from "../support/password-hash";

const context = { cspNonce: "test-nonce" };
const PASSWORD = "the current password";
const FIREFOX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

function request(path: string, token: string, init: { method?: string; json?: unknown } = {}): Request {
  const headers = new Headers({ Cookie: `token=${token}`, [CLIENT_ADDRESS_HEADER]: "192.0.2.7" });
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  return new Request(`http://portal.test${path}`, {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

async function signedInTwice(label: string) {
  const user = await insertSubscriber({ label, products: ["macroeconomic"], passwordHash: testPasswordHash(PASSWORD) });
  const signIn = new Request("http://portal.test/login/econ", {
    headers: { "User-Agent": FIREFOX, [CLIENT_ADDRESS_HEADER]: "198.51.100.4" },
  });
  const here = (await createSession(user.id, "econ", signIn)).token;
  const elsewhere = (await createSession(user.id, "econ")).token;
  return { ...user, here, elsewhere };
}

const signedIn = async (token: string) => (await getOptionalUser(request("/", token)))?.id ?? null;

async function listed(token: string) {
  const response = await sessionsRoute.loader({ request: request("/api/auth/sessions", token), params: {}, context });
  return (await response.json()) as {
    sessions: { handle: string; current: boolean; address: string | null; device: { browser: string | null; os: string | null } }[];
  };
}

describe("a subscriber's own account", () => {
  it("changes the password with the current one and ends every other session only", async () => {
    const user = await signedInTwice("change-password");
    const response = await changePasswordRoute.action({
      request: request("/api/auth/change-password", user.here, {
        json: { currentPassword: PASSWORD, newPassword: "a brand new password" },
      }),
      params: {},
      context,
    });
    expect(response.status).toBe(200);
    expect(await signedIn(user.here)).toBe(user.id);
    expect(await signedIn(user.elsewhere)).toBeNull();
    const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword("a brand new password", row.password_hash)).toBe(true);
  });

  it("refuses a wrong current password or a short new one and changes nothing", async () => {
    const user = await signedInTwice("wrong-password");
    const wrong = await changePasswordRoute.action({
      request: request("/api/auth/change-password", user.here, {
        json: { currentPassword: "not it", newPassword: "a brand new password" },
      }),
      params: {},
      context,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ errors: { currentPassword: "The current password is not correct." } });
    const short = await changePasswordRoute.action({
      request: request("/api/auth/change-password", user.here, { json: { currentPassword: PASSWORD, newPassword: "short" } }),
      params: {},
      context,
    });
    expect(short.status).toBe(422);
    expect(await short.json()).toEqual({ errors: { newPassword: "Please use at least 10 characters." } });
    const row = await db.selectFrom("users").select("password_hash").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(true);
    expect(await signedIn(user.elsewhere)).toBe(user.id);
  });

  it("throttles wrong current passwords like failed sign-ins", async () => {
    const user = await signedInTwice("throttled-password");
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const response = await changePasswordRoute.action({
        request: request("/api/auth/change-password", user.here, {
          json: { currentPassword: "guess", newPassword: "a brand new password" },
        }),
        params: {},
        context,
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.at(-1)).toBe(429);
  });

  it("lists one's own sessions with device and address, and ends only one's own", async () => {
    const user = await signedInTwice("own-sessions");
    const other = await signedInTwice("other-sessions");
    const { sessions } = await listed(user.elsewhere);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ current: true, address: null, device: { browser: null, os: null } });
    expect(sessions[1]).toMatchObject({ current: false, address: "198.51.100.4", device: { browser: "Firefox", os: "Linux" } });
    expect(sessions[1]!.handle).toMatch(/^[0-9a-f]{16}$/);

    const foreignHandle = (await listed(other.here)).sessions[0]!.handle;
    const foreign = await sessionsRoute.action({
      request: request(`/api/auth/sessions/${foreignHandle}`, user.elsewhere, { method: "DELETE" }),
      params: { handle: foreignHandle },
      context,
    });
    expect(foreign.status).toBe(404);
    expect(await signedIn(other.here)).toBe(other.id);

    const ended = await sessionsRoute.action({
      request: request(`/api/auth/sessions/${sessions[1]!.handle}`, user.elsewhere, { method: "DELETE" }),
      params: { handle: sessions[1]!.handle },
      context,
    });
    expect(ended.status).toBe(200);
    expect(await signedIn(user.here)).toBeNull();
    expect(await signedIn(user.elsewhere)).toBe(user.id);
    expect((await listed(user.elsewhere)).sessions).toHaveLength(1);
  });

  it("ends every other session at once", async () => {
    const user = await signedInTwice("other-sessions-end");
    const response = await sessionsRoute.action({
      request: request("/api/auth/sessions", user.here, { method: "DELETE" }),
      params: {},
      context,
    });
    expect(response.status).toBe(200);
    expect(await signedIn(user.here)).toBe(user.id);
    expect(await signedIn(user.elsewhere)).toBeNull();
  });
});
