import { beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "~/modules/auth/api-keys.server";
import { createSession } from "~/modules/auth/session.server";
import { loadCurrentUser } from "~/modules/auth/users.server";
import { prepareCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { CLIENT_ADDRESS_HEADER } from "~/modules/http/client-address.server";
import { flushCalls } from "~/modules/usage/recorder.server";
import { purgeUsage } from "~/modules/usage/retention.server";
import { searchCallRow } from "../support/call-log-rows";
import { httpDataApi } from "../support/data-api-http";
import * as usageRoute from "~/routes/api/usage";
import { insertSubscriber } from "../support/subscribers";

/**
 * The call log (issue 29): every data-API call answered through /data-api/{set} is recorded once a second with its
 * request id, its account and key id (never the key) and what came of it; GET /api/usage shows an account its own
 * calls and days, and nobody else's.
 */

const context = { cspNonce: "" };
const DAY_MS = 24 * 60 * 60 * 1000;

async function subscriber(label: string) {
  const user = await insertSubscriber({ label, platforms: ["econ"], products: ["macroeconomic"] });
  const key = (await generateApiKey((await loadCurrentUser(user.id, "econ"))!, "econ"))!;
  const keyId = (await db.selectFrom("api_keys").select("id").where("user_id", "=", user.id).executeTakeFirstOrThrow()).id;
  const session = (await createSession(user.id, "econ")).token;
  return { ...user, key, keyId, session };
}

async function callApi(path: string, headers: Record<string, string> = {}) {
  const url = `http://portal.test/data-api/macroeconomic${path}`;
  return httpDataApi(new Request(url, { headers }));
}

async function usage(session: string | null, search = "") {
  const headers: Record<string, string> = session ? { Cookie: `token=${session}` } : {};
  try {
    return await usageRoute.loader({ request: new Request(`http://portal.test/api/usage${search}`, { headers }), params: {}, context });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

interface UsageAnswer {
  from: string;
  to: string;
  days: { day: string; calls: number; success: number; clientErrors: number; rateLimited: number; serverErrors: number }[];
  calls: { requestId: string; status: number; operation: string; time: string; latencyMs: number; query: string; error: string | null }[];
}

let owner: Awaited<ReturnType<typeof subscriber>>;
let other: Awaited<ReturnType<typeof subscriber>>;

beforeAll(async () => {
  await prepareCatalog();
  owner = await subscriber("usage-owner");
  other = await subscriber("usage-other");
}, 60_000);

describe("the call log", () => {
  it("records each call with its request id, key id and outcome, and never the key", async () => {
    const ok = await callApi(`/series/search?q=gdp&limit=2&token=${owner.key}`, {
      [CLIENT_ADDRESS_HEADER]: "203.0.113.77",
      "User-Agent": "python-requests/2.31",
    });
    expect(ok.status).toBe(200);
    const okId = ok.headers.get("X-Request-Id")!;
    expect(okId).toMatch(/^req_[a-z2-7]{24}$/);
    const bad = await callApi(`/series/search?limit=nine&token=${owner.key}`);
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { error: string; code: number; requestId: string };
    expect(badBody.requestId).toBe(bad.headers.get("X-Request-Id"));
    const refused = await callApi("/series/search?token=econ_notAKeyAtAllButLongEnough");
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { requestId: string }).requestId).toBe(refused.headers.get("X-Request-Id"));
    await flushCalls();

    const rows = await db
      .selectFrom("api_call_log")
      .selectAll()
      .where("request_id", "in", [okId, badBody.requestId])
      .orderBy("at")
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      account: `account:${owner.id}`,
      key_id: owner.keyId,
      set_id: "macroeconomic",
      method: "GET",
      path: "/series/search",
      status: 200,
      client_address: "203.0.113.0",
      user_agent: "python-requests/2.31",
      error: null,
    });
    expect(rows[0]!.operation).not.toBe("unknown");
    expect(rows[0]!.path_template).toBe("/series/search");
    expect(rows[0]!.query).toBe("q=gdp&limit=2&token=[redacted]");
    expect(rows[0]!.response_bytes).toBeGreaterThan(0);
    expect(rows[1]).toMatchObject({ status: 400, error: badBody.error });
    const anonymous = await db
      .selectFrom("api_call_log")
      .selectAll()
      .where("request_id", "=", refused.headers.get("X-Request-Id")!)
      .executeTakeFirstOrThrow();
    expect(anonymous).toMatchObject({ account: "anonymous", key_id: null, status: 401 });
    const everything = JSON.stringify(await db.selectFrom("api_call_log").selectAll().execute());
    expect(everything).not.toContain(owner.key);
    expect(everything).not.toContain("econ_notAKeyAtAllButLongEnough");
  });

  it("GET /api/usage shows the account its own days and calls, filtered, and nobody else's", async () => {
    const mine = await callApi(`/series/search?limit=1&token=${owner.key}`);
    const theirs = await callApi(`/series/search?limit=1&token=${other.key}`);
    await flushCalls();
    const answer = (await (await usage(owner.session)).json()) as UsageAnswer;
    expect(answer.days).toHaveLength(30);
    const today = answer.days.at(-1)!;
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today).toMatchObject({ success: 2, clientErrors: 1, rateLimited: 0, serverErrors: 0, calls: 3 });
    const ids = answer.calls.map((call) => call.requestId);
    expect(ids[0]).toBe(mine.headers.get("X-Request-Id"));
    expect(ids).not.toContain(theirs.headers.get("X-Request-Id"));
    expect(answer.calls.every((call) => call.operation && call.time && call.latencyMs >= 0)).toBe(true);

    const errorsOnly = (await (await usage(owner.session, "?status=4xx")).json()) as UsageAnswer;
    expect(errorsOnly.calls.map((call) => call.status)).toEqual([400]);
    const guessed = (await (await usage(owner.session, `?requestId=${theirs.headers.get("X-Request-Id")}`)).json()) as UsageAnswer;
    expect(guessed.calls).toEqual([]);
    const theirsSeen = (await (await usage(other.session, `?requestId=${theirs.headers.get("X-Request-Id")}`)).json()) as UsageAnswer;
    expect(theirsSeen.calls.map((call) => call.requestId)).toEqual([theirs.headers.get("X-Request-Id")]);
  });

  it("refuses visitors, other methods and bad questions with a clear 4xx", async () => {
    expect((await usage(null)).status).toBe(401);
    const bad = await usage(owner.session, "?from=2026-11-27&to=2026-11-01&status=2XX&limit=0");
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({
      to: "The end date must not be before the start date.",
      status: "Use a status class (2xx, 4xx, 429, 5xx) or a status code such as 404.",
      limit: "Ask for 1 to 500 calls.",
    });
    const post = await usageRoute.action({
      request: new Request("http://portal.test/api/usage", { method: "POST", headers: { Cookie: `token=${owner.session}` } }),
      params: {},
      context,
    });
    expect(post.status).toBe(405);
  });

  it("keeps USAGE_LOG_DAYS of calls and 13 months of daily totals", async () => {
    const now = new Date();
    const old = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const row = (requestId: string, at: Date) => searchCallRow({ request_id: requestId, at: nowIso(at), account: `account:${owner.id}` });
    await db
      .insertInto("api_call_log")
      .values([row("req_oldoldoldoldoldoldoldold", old(15)), row("req_keptkeptkeptkeptkeptkept", old(13))])
      .execute();
    const total = (day: Date) => ({
      day: day.toISOString().slice(0, 10),
      account: `account:${owner.id}`,
      set_id: "macroeconomic",
      operation: "x",
      status_class: "2xx",
      calls: 1,
      latency_ms_total: 1,
    });
    await db
      .insertInto("api_usage_daily")
      .values([total(old(400)), total(old(390))])
      .execute();
    expect(await purgeUsage(now)).toEqual({ calls: 1, totals: 1 });
    const left = await db.selectFrom("api_call_log").select("request_id").where("request_id", "like", "req_%old%").execute();
    expect(left).toEqual([]);
    expect(
      await db.selectFrom("api_call_log").select("request_id").where("request_id", "=", "req_keptkeptkeptkeptkeptkept").execute(),
    ).toHaveLength(1);
  });
});
