import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { generateApiKey } from "~/modules/auth/api-keys.server";
import * as crypto from "~/modules/auth/crypto.server";
import { resetPassword } from "~/modules/auth/password-reset.server";
import { loadCurrentUser } from "~/modules/auth/users.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { CLIENT_ADDRESS_HEADER } from "~/modules/http/client-address.server";
import { httpDataApi } from "../support/data-api-http";
import { insertSubscriber } from "../support/subscribers";

/**
 * Fund flows' POST /Session through the data-API route, as the HTTP server hands it over (with the client
 * address): failures count per account whatever variant of its name was typed, and per client address;
 * unknown names cost the same password work; sessions end with the password and with the key they used.
 */

const PASSWORD = "fund-flows-password";
let passwordHash: string;

beforeAll(async () => {
  passwordHash = await crypto.hashPassword(PASSWORD);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** An intelligence-platform account with a running fund-flows (intelligence) subscription. */
async function intelAccount() {
  // A username in mixed case, as people type theirs.
  const username = `Flows-${newId().slice(0, 8)}`;
  return insertSubscriber({ label: "flows", platforms: ["intel"], products: ["intelligence"], passwordHash, username });
}

async function newKey(userId: string): Promise<string> {
  return (await generateApiKey((await loadCurrentUser(userId, "intel"))!, "intel"))!;
}

let addresses = 0;
/** A client address no other test uses, so the per-address count starts at zero. */
const freshAddress = () => `198.51.100.${++addresses}`;

async function openSession(username: string, password: string, address: string): Promise<Response> {
  const request = new Request("http://localhost/data-api/fund-flows/Session", {
    method: "POST",
    body: JSON.stringify({ username, password }),
    headers: { "Content-Type": "application/json", [CLIENT_ADDRESS_HEADER]: address },
  });
  return httpDataApi(request);
}

async function sessionToken(username: string, password: string, address = freshAddress()): Promise<string> {
  const answer = await openSession(username, password, address);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { data: { token: string }[] }).data[0]!.token;
}

async function savedReports(token: string): Promise<number> {
  const request = new Request("http://localhost/data-api/fund-flows/v2/SavedReports", { headers: { Authorization: `Bearer ${token}` } });
  return (await httpDataApi(request)).status;
}

describe("POST /Session counts failures", () => {
  it("[security3-N1] per account, whatever variant of its e-mail or username is typed", async () => {
    const account = await intelAccount();
    const variants = [
      ` ${account.email}`,
      `${account.email}   `,
      `  ${account.email.toUpperCase()} `,
      ` ${account.username} `,
      account.username.toUpperCase(),
    ];
    for (const variant of variants) expect((await openSession(variant, "wrong password", freshAddress())).status).toBe(401);
    // Tabs and line breaks are no variant at all: a name with a control character is refused before any check.
    expect((await openSession(`\n${account.email}\t\r\n`, "wrong password", freshAddress())).status).toBe(400);
    // The sixth failure within the hour waits, for every variant and for the right password alike.
    const throttled = await openSession(`  ${account.email} `, PASSWORD, freshAddress());
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(((await throttled.json()) as { error: string }).error).toMatch(/^Too many requests: too many failed sessions/);
  });

  it("[security3-N1] per client address, across accounts and names that exist or not", async () => {
    const address = freshAddress();
    const accounts = await Promise.all([intelAccount(), intelAccount(), intelAccount(), intelAccount()]);
    const names = Array.from({ length: 20 }, (_, i) => (i % 5 === 4 ? `nobody-${i}@flows.test` : accounts[i % 4]!.email));
    const statuses: number[] = [];
    for (const [i, name] of names.entries()) statuses.push((await openSession(name, `wrong ${i}`, address)).status);
    expect(statuses).toEqual(Array(20).fill(401));
    const other = await intelAccount();
    expect((await openSession(other.email, PASSWORD, address)).status).toBe(429);
    // Another address is not slowed down by this one.
    expect((await openSession(other.email, PASSWORD, freshAddress())).status).toBe(200);
  }, 60_000);

  it("[security3-N1] counts a username under the account's e-mail, as the web sign-in counts it, until a success", async () => {
    const account = await intelAccount();
    const counted = async () =>
      (await db.selectFrom("rate_limits").select(["key", "points"]).where("key", "like", "login:account:%").execute()).filter((row) =>
        row.key.includes(account.id),
      );
    for (const name of [account.username, ` ${account.username.toUpperCase()}`]) {
      expect((await openSession(name, "wrong", freshAddress())).status).toBe(401);
    }
    expect(await counted()).toEqual([{ key: `login:account:${account.email}`, points: 2 }]);
    expect((await openSession(account.username, PASSWORD, freshAddress())).status).toBe(200);
    expect(await counted()).toEqual([]);
  });
});

describe("POST /Session costs the same for unknown accounts", () => {
  it("[security3-N2] runs the scrypt check once for an unknown name, as for a known account", async () => {
    const account = await intelAccount();
    const verify = vi.spyOn(crypto, "verifyPassword");
    expect((await openSession(account.email, "wrong password", freshAddress())).status).toBe(401);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockClear();
    expect((await openSession(`nobody-${newId()}@flows.test`, "wrong password", freshAddress())).status).toBe(401);
    expect(verify).toHaveBeenCalledTimes(1);
    verify.mockClear();
    expect((await openSession(`nobody-${newId()}`, "wrong password", freshAddress())).status).toBe(401);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it("[security3-N2] takes a comparable time for unknown and known names", async () => {
    const account = await intelAccount();
    const median = async (name: () => string) => {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        expect((await openSession(name(), "wrong password", freshAddress())).status).toBe(401);
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[1]!;
    };
    const known = await median(() => account.email);
    const unknown = await median(() => `nobody-${newId()}@flows.test`);
    // Without the decoy hash an unknown name answered about 20 times faster; a generous bound stays steady under load.
    expect(unknown).toBeGreaterThan(known / 4);
  });
});

describe("fund-flows sessions end", () => {
  it("[security3-N8] when the password is reset", async () => {
    const account = await intelAccount();
    const token = await sessionToken(account.email, PASSWORD);
    const keyToken = await sessionToken(account.email, await newKey(account.id));
    expect(await savedReports(token)).toBe(200);
    const link = `reset-${newId()}`;
    await db
      .insertInto("password_resets")
      .values({
        token_hash: crypto.sha256(link),
        user_id: account.id,
        created_at: nowIso(),
        expires_at: nowIso(new Date(Date.now() + 60_000)),
      })
      .execute();
    expect(await resetPassword(link, "a brand new password")).toBe(true);
    expect(await savedReports(token)).toBe(401);
    expect(await savedReports(keyToken)).toBe(401);
    expect(await db.selectFrom("data_api_sessions").select("token_hash").where("user_id", "=", account.id).execute()).toEqual([]);
  });

  it("[security3-N8] when the key it was opened with is replaced; a password session stays", async () => {
    const account = await intelAccount();
    const other = await intelAccount();
    const first = await newKey(account.id);
    const withKey = await sessionToken(account.username, first);
    const withPassword = await sessionToken(account.email, PASSWORD);
    const othersSession = await sessionToken(other.email, await newKey(other.id));
    await newKey(account.id);
    expect(await savedReports(withKey)).toBe(401);
    expect(await savedReports(withPassword)).toBe(200);
    expect(await savedReports(othersSession)).toBe(200);
    // The replaced key no longer opens one either.
    expect((await openSession(account.email, first, freshAddress())).status).toBe(401);
  });
});
