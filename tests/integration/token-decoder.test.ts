import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generateApiKey } from "~/modules/auth/api-keys.server";
import { randomToken, sign } from "~/modules/auth/crypto.server";
import { seedDemoAccounts } from "~/modules/auth/seed.server";
import { createSession } from "~/modules/auth/session.server";
import { decodeToken } from "~/modules/auth/token-decoder.server";
import { findUserByEmail, loadCurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import type { Platform } from "~/modules/registry/registry";
import { action as apiAction, loader as apiLoader } from "~/routes/api/admin-token-decoder";
import { action as pageAction, loader as pageLoader } from "~/routes/dashboard/admin/token-decoder";

async function userId(email: string): Promise<string> {
  return (await findUserByEmail(email))!.id;
}

async function keyFor(email: string, platform: Platform): Promise<string> {
  const user = await loadCurrentUser(await userId(email), platform);
  const key = await generateApiKey(user!, platform);
  expect(key).not.toBeNull();
  return key!;
}

async function sessionFor(email: string, platform: Platform): Promise<string> {
  return (await createSession(await userId(email), platform)).token;
}

/** A user with the given flags on every platform, signed in on econ; answers the session token. */
async function signedInUser(flags: { isAdmin: boolean; hasTokenDecoder: boolean }): Promise<string> {
  const id = newId();
  await db
    .insertInto("users")
    .values({
      id,
      email: `${id}@decoder.test`,
      username: `decoder-${id.slice(0, 8)}`,
      password_hash: "x",
      picture_type: null,
      created_at: nowIso(),
      is_admin: flags.isAdmin ? 1 : 0,
      has_token_decoder: flags.hasTokenDecoder ? 1 : 0,
    })
    .execute();
  for (const platform of ["econ", "corp", "intel"]) await db.insertInto("user_platforms").values({ user_id: id, platform }).execute();
  return (await createSession(id, "econ")).token;
}

/** Calls a route's loader or action as Remix would; a thrown Response is an answer too. */
async function call<Result>(handler: (args: ActionFunctionArgs) => Promise<Result>, request: Request) {
  try {
    return await handler({ request, params: {}, context: { cspNonce: "" } });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function apiRequest(body: unknown, token?: string, method = "POST"): Request {
  return new Request("http://localhost/api/admin/token-decoder", {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: method === "GET" ? undefined : JSON.stringify(body),
  });
}

function pageRequest(form: Record<string, string>, token: string): Request {
  return new Request("http://localhost/dashboard/admin/token-decoder", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: new URLSearchParams(form),
  });
}

const notFound = (platform: Platform) => ({ platform, found: false });
const logged: string[] = [];

beforeAll(async () => {
  await seedDemoAccounts();
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
  }
});

afterAll(() => {
  vi.restoreAllMocks();
});

describe("decodeToken", () => {
  it("finds an API key of each platform by exactly that platform's identity service", async () => {
    const admin = await userId("admin@demo.test");
    for (const platform of ["econ", "corp", "intel"] as const) {
      const key = await keyFor("admin@demo.test", platform);
      const decoding = await decodeToken(key);
      expect(decoding).toEqual({
        found: true,
        hint: `${key.slice(0, 9)}…${key.slice(-4)}`,
        userId: admin,
        username: "admin@demo.test",
        services: (["econ", "corp", "intel"] as const).map((service) =>
          service === platform
            ? { platform, found: true, userId: admin, username: "admin@demo.test", kind: "api-key", status: "active" }
            : notFound(service),
        ),
      });
      expect(JSON.stringify(decoding)).not.toContain(key);
    }
  });

  it("finds a session token in the services of every platform its user belongs to, whichever one it signed in on", async () => {
    const documents = await userId("documents@demo.test");
    const corpOnly = await decodeToken(await sessionFor("documents@demo.test", "corp"));
    expect(corpOnly).toMatchObject({ found: true, userId: documents, username: "documents@demo.test" });
    expect(corpOnly.found && corpOnly.services).toEqual([
      notFound("econ"),
      { platform: "corp", found: true, userId: documents, username: "documents@demo.test", kind: "session", status: "active" },
      notFound("intel"),
    ]);

    const everywhere = await decodeToken(await sessionFor("visitor@demo.test", "intel"));
    expect(everywhere.found && everywhere.services.map((service) => [service.platform, service.found])).toEqual([
      ["econ", true],
      ["corp", true],
      ["intel", true],
    ]);
  });

  it("tells a replaced key, a key whose subscription ended and an expired session apart, and changes none of them", async () => {
    const replaced = await keyFor("macro@demo.test", "econ");
    const current = await keyFor("macro@demo.test", "econ");
    const replacedDecoding = await decodeToken(replaced);
    expect(replacedDecoding.found && replacedDecoding.services[0]).toMatchObject({ found: true, kind: "api-key", status: "replaced" });

    const intel = await userId("intel@demo.test");
    const key = await keyFor("intel@demo.test", "intel");
    await db
      .updateTable("subscriptions")
      .set({ ends_at: nowIso(new Date(Date.now() - 1000)) })
      .where("user_id", "=", intel)
      .execute();
    const ended = await decodeToken(key);
    expect(ended.found && ended.services[2]).toMatchObject({ found: true, kind: "api-key", status: "subscription-ended" });
    const row = await db.selectFrom("api_keys").select(["revoked_at"]).where("user_id", "=", intel).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();

    const company = await userId("company@demo.test");
    const session = await sessionFor("company@demo.test", "corp");
    await db
      .updateTable("sessions")
      .set({ expires_at: nowIso(new Date(Date.now() - 1000)) })
      .where("user_id", "=", company)
      .execute();
    const expired = await decodeToken(session);
    expect(expired.found && expired.services[1]).toMatchObject({ found: true, kind: "session", status: "expired" });
    expect(await db.selectFrom("sessions").select("id_hash").where("user_id", "=", company).execute()).toHaveLength(1);

    const active = await decodeToken(current);
    expect(active.found && active.services[0]).toMatchObject({ status: "active" });
  });

  it("says a well-formed token nobody knows was not found in any service", async () => {
    const unknown = [`econ_${randomToken(24)}`, `intel_${randomToken(24)}`, sign(randomToken(32))];
    const session = await sessionFor("macro@demo.test", "econ");
    // A session id with a signature that is not ours: the shape is right, the signature check refuses it.
    unknown.push(`${session.slice(0, session.indexOf(".") + 1)}${randomToken(32)}`);
    for (const token of unknown) {
      expect(await decodeToken(token), token).toEqual({
        found: false,
        reason: "unknown",
        hint: `${token.slice(0, 9)}…${token.slice(-4)}`,
        services: [notFound("econ"), notFound("corp"), notFound("intel")],
      });
    }
  });

  it("says a malformed token is malformed without asking any service", async () => {
    const key = await keyFor("company@demo.test", "corp");
    for (const token of ["hello", `${key}x`, key.replace("corp_", "econ-"), "1' or '1'='1", `Bearer ${key}`]) {
      expect(await decodeToken(token), token).toEqual({ found: false, reason: "malformed" });
    }
  });
});

describe("POST /api/admin/token-decoder", () => {
  let decoderToken = "";
  beforeAll(async () => {
    decoderToken = await signedInUser({ isAdmin: true, hasTokenDecoder: true });
  });

  it("is 401 without a session and 403 without both admin and the token-decoder flag", async () => {
    const key = await keyFor("admin@demo.test", "econ");
    expect((await call(apiAction, apiRequest({ token: key }))).status).toBe(401);
    for (const flags of [
      { isAdmin: true, hasTokenDecoder: false },
      { isAdmin: false, hasTokenDecoder: true },
      { isAdmin: false, hasTokenDecoder: false },
    ]) {
      const response = await call(apiAction, apiRequest({ token: key }, await signedInUser(flags)));
      expect([response.status, await response.json()], JSON.stringify(flags)).toEqual([
        403,
        { error: "Only administrators with the token decoder permission can do this." },
      ]);
    }
  });

  it("is 405 for GET and 422 without a token", async () => {
    const get = await call(apiLoader, apiRequest(null, decoderToken, "GET"));
    expect([get.status, get.headers.get("Allow")]).toEqual([405, "POST"]);
    for (const body of [{}, { token: "  " }]) {
      const response = await call(apiAction, apiRequest(body, decoderToken));
      expect([response.status, await response.json()]).toEqual([422, { errors: { token: "Please fill out this field." } }]);
    }
    const tooLong = await call(apiAction, apiRequest({ token: "x".repeat(201) }, decoderToken));
    expect([tooLong.status, await tooLong.json()]).toEqual([422, { errors: { token: "Please use at most 200 characters." } }]);
  });

  it("answers the decoding with SPEC.md's messages", async () => {
    const key = await keyFor("macro@demo.test", "econ");
    const found = await call(apiAction, apiRequest({ token: ` ${key}\n` }, decoderToken));
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({
      found: true,
      username: "macro@demo.test",
      services: [
        { platform: "econ", found: true, kind: "api-key", status: "active" },
        { platform: "corp", found: false, message: "Token was not found in Company platform" },
        { platform: "intel", found: false, message: "Token was not found in Intelligence platform" },
      ],
    });
    const malformed = await call(apiAction, apiRequest({ token: "nonsense" }, decoderToken));
    expect([malformed.status, await malformed.json()]).toEqual([200, { found: false, reason: "malformed", message: "Invalid token!" }]);
  });
});

describe("the token decoder page", () => {
  it("is the 404 page for admins without the flag and for users with the flag who are not admins", async () => {
    for (const flags of [
      { isAdmin: true, hasTokenDecoder: false },
      { isAdmin: false, hasTokenDecoder: true },
    ]) {
      const token = await signedInUser(flags);
      const loaded = await call(
        pageLoader,
        new Request("http://localhost/dashboard/admin/token-decoder", { headers: { Authorization: `Bearer ${token}` } }),
      );
      expect(loaded).toBeInstanceOf(Response);
      expect(loaded).toHaveProperty("status", 404);
      const posted = await call(pageAction, pageRequest({ token: "x" }, token));
      expect(posted).toBeInstanceOf(Response);
      expect(posted).toHaveProperty("status", 404);
    }
  });

  it("decodes a posted token and sends back no more of it than its hint", async () => {
    const token = await signedInUser({ isAdmin: true, hasTokenDecoder: true });
    const key = await keyFor("company@demo.test", "corp");
    const result = await call(pageAction, pageRequest({ token: key }, token));
    expect(result).toMatchObject({ decoding: { found: true, username: "company@demo.test" } });
    expect(JSON.stringify(result)).not.toContain(key);
    const blank = await call(pageAction, pageRequest({ token: " " }, token));
    expect(blank).toMatchObject({ data: { fieldErrors: { token: "validation.required" }, repopulateFields: {} }, init: { status: 422 } });
  });

  it("[security3-N11] records every lookup in the audit trail, page and API alike, with the token's hint and owner only", async () => {
    const token = await signedInUser({ isAdmin: true, hasTokenDecoder: true });
    const key = await keyFor("macro@demo.test", "econ");
    const since = nowIso();
    await call(apiAction, apiRequest({ token: key }, token));
    await call(pageAction, pageRequest({ token: "nonsense" }, token));
    const entries = await db
      .selectFrom("admin_actions")
      .select(["action", "target", "owner_username", "details"])
      .where("action", "=", "token-decode")
      .where("created_at", ">=", since)
      .execute();
    expect(entries).toHaveLength(2);
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: "token-decode", target: "", owner_username: null, details: JSON.stringify({ outcome: "malformed" }) },
        {
          action: "token-decode",
          target: `${key.slice(0, 9)}…${key.slice(-4)}`,
          owner_username: "macro@demo.test",
          details: JSON.stringify({ outcome: "found" }),
        },
      ]),
    );
    expect(JSON.stringify(await db.selectFrom("admin_actions").selectAll().execute())).not.toContain(key);
  });

  it("never logs a token", () => {
    expect(logged.join("\n")).not.toMatch(/(?:econ|corp|intel)_[A-Za-z0-9_-]{32}|[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}/);
  });
});
