import { REQUEST_ID_PATTERN } from "~/modules/usage/call-record";
import { beforeAll, describe, expect, it } from "vitest";
import { generateApiKey, KEYS_PER_HOUR } from "~/modules/auth/api-keys.server";
import type { SubscriptionProduct } from "~/modules/auth/platforms";
import { createSession, SESSION_COOKIE } from "~/modules/auth/session.server";
import { loadCurrentUser } from "~/modules/auth/users.server";
import { prepareCatalog } from "~/modules/catalog/source.server";
import { CALL_REFUSALS, CALLS_PER_SECOND } from "~/modules/data-api/call-rule";
import { callDataApi, type DataApiAnswer } from "~/modules/data-api/client.server";
import { db } from "~/modules/db/db.server";
import type { DocSetId, Platform } from "~/modules/registry/registry";
import { action as tokenApi } from "~/routes/api/auth-token";
import { action as tokenPage } from "~/routes/dashboard/token-management";
import { insertSubscriber } from "../support/subscribers";
import { testPasswordHash } from "../support/password-hash";

/**
 * The data-API call rule belongs to the account: every key of an account, old or new, on any platform, and
 * its fund-flows sessions share one budget of calls per second and one call in flight. Generating keys is
 * itself limited, on the JSON API and on the token page.
 */

beforeAll(async () => {
  await prepareCatalog();
}, 120_000);

/** An account on the platforms with these products running for a month. */
async function account(platforms: Platform[], products: SubscriptionProduct[]) {
  return (await insertSubscriber({ label: "limits", platforms, products, passwordHash: testPasswordHash("limits-password") })).id;
}

async function newKey(userId: string, platform: Platform): Promise<string> {
  return (await generateApiKey((await loadCurrentUser(userId, platform))!, platform))!;
}

const calls: Record<"econ" | "intel", { set: DocSetId; path: string }> = {
  econ: { set: "macroeconomic", path: "/dictionary/regions" },
  intel: { set: "real-estate", path: "/indicators" },
};

function callWith(key: string, platform: "econ" | "intel" = "econ"): Promise<DataApiAnswer> {
  const { set, path } = calls[platform];
  return callDataApi({ set, method: "GET", path, query: [["token", key]], headers: {} });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the call rule counts per account", () => {
  it("[security3-N7] a new key does not reset the calls per second: the account's sixth call within the second is 429", async () => {
    const id = await account(["econ"], ["macroeconomic"]);
    const first = await newKey(id, "econ");
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < CALLS_PER_SECOND; i++) statuses.push((await callWith(first)).status);
    const second = await newKey(id, "econ");
    const refused = await callWith(second);
    // The five calls, the new key and the sixth call fit in the second the rule counts.
    expect(Date.now() - started).toBeLessThan(1000);
    expect(statuses).toEqual(Array(CALLS_PER_SECOND).fill(200));
    expect(refused.status).toBe(429);
    expect(refused.headers["Retry-After"]).toMatch(/^[1-9]\d*$/);
    expect(JSON.parse(refused.body)).toEqual({
      error: CALL_REFUSALS.rate,
      code: 429,
      requestId: expect.stringMatching(REQUEST_ID_PATTERN),
    });
    await sleep(1100);
    expect((await callWith(second)).status).toBe(200);
  });

  it("[security3-N7] one call in flight per account, across its keys of two platforms", async () => {
    const id = await account(["econ", "intel"], ["macroeconomic", "intelligence"]);
    const econKey = await newKey(id, "econ");
    const intelKey = await newKey(id, "intel");
    let overlapped: DataApiAnswer | undefined;
    for (let attempt = 0; attempt < 5 && !overlapped; attempt++) {
      const answers = await Promise.all([callWith(econKey, "econ"), callWith(intelKey, "intel")]);
      overlapped = answers.find((answer) => answer.status === 429);
      expect(answers.map((answer) => answer.status)).toContain(200);
      await sleep(1100);
    }
    expect(overlapped, "two calls of one account at once: one is refused").toBeDefined();
    expect(overlapped!.headers["Retry-After"]).toBe("1");
    expect(JSON.parse(overlapped!.body)).toEqual({
      error: CALL_REFUSALS.inFlight,
      code: 429,
      requestId: expect.stringMatching(REQUEST_ID_PATTERN),
    });
  });

  it("separate accounts keep separate budgets", async () => {
    const keys = [
      await newKey(await account(["econ"], ["macroeconomic"]), "econ"),
      await newKey(await account(["econ"], ["macroeconomic"]), "econ"),
    ];
    const answers = await Promise.all(keys.map((key) => callWith(key)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  });
});

describe("generating keys is limited per account", () => {
  async function signedIn(platform: Platform, products: SubscriptionProduct[]) {
    const id = await account([platform], products);
    return { id, token: (await createSession(id, platform)).token };
  }

  it("[security3-N7] POST /api/auth/generate-*-token answers 429 with Retry-After past the hourly limit, in the visitor's language", async () => {
    const { token } = await signedIn("econ", ["macroeconomic"]);
    const generate = (language = "en") =>
      tokenApi({
        request: new Request("http://localhost/api/auth/generate-macro-token", {
          method: "POST",
          headers: { Authorization: `Bearer ${token}`, "Accept-Language": language },
        }),
        params: { operation: "generate-macro-token" },
        context: { cspNonce: "" },
      });
    for (let i = 0; i < KEYS_PER_HOUR; i++) expect((await generate()).status).toBe(200);
    const refused = await generate();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await refused.json()).toEqual({
      error: `Too many new keys: an account may generate at most ${KEYS_PER_HOUR} keys an hour. Please try again in 60 minutes.`,
    });
    const chinese = await generate("zh");
    expect(((await chinese.json()) as { error: string }).error).toBe(
      `生成新密钥过于频繁：每个账户每小时最多可生成 ${KEYS_PER_HOUR} 个密钥。请在 60 分钟后重试。`,
    );
  });

  it("[security3-N7] the token page's generate action shares the limit and says so", async () => {
    const { id, token } = await signedIn("intel", ["intelligence"]);
    for (let i = 0; i < KEYS_PER_HOUR; i++) await newKeyThroughApi(token);
    const form = new URLSearchParams({ intent: "generate", platform: "intel", confirm: "yes" });
    const refused = await tokenPage({
      request: new Request("http://localhost/dashboard/token-management", {
        method: "POST",
        body: form,
        headers: { Cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}`, "Content-Type": "application/x-www-form-urlencoded" },
      }),
      params: {},
      context: { cspNonce: "" },
    });
    expect(refused.init?.status).toBe(429);
    expect(new Headers(refused.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.data).toEqual({ error: `tokens.tooMany|max=${KEYS_PER_HOUR}|minutes=60` });
    const active = await db.selectFrom("api_keys").select("id").where("user_id", "=", id).where("revoked_at", "is", null).execute();
    expect(active).toHaveLength(1);
  });
});

async function newKeyThroughApi(token: string): Promise<void> {
  const answer = await tokenApi({
    request: new Request("http://localhost/api/auth/generate-intelligence-token", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    }),
    params: { operation: "generate-intelligence-token" },
    context: { cspNonce: "" },
  });
  expect(answer.status).toBe(200);
}
