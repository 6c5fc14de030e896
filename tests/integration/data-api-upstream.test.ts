import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callDataApi } from "~/modules/data-api/client.server";
import { env } from "~/modules/env/env.server";

/**
 * UPSTREAM_URLS: a set pointed at the provider's real upstream (simulated here on loopback, as the upstream is the
 * provider's service) is called through the vetted client, and its status, body and descriptive headers come back.
 */

let server: http.Server;
const seen: { url: string; token: string | null }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://upstream");
    seen.push({ url: `${url.pathname}${url.search}`, token: url.searchParams.get("token") });
    if (url.pathname.endsWith("/deals")) {
      response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "1", "Set-Cookie": "upstream=1" });
      response.end(JSON.stringify({ error: "Too many requests", code: 429 }));
      return;
    }
    response.writeHead(200, { "Content-Type": "application/json; charset=utf-8", "X-Upstream": "simulated" });
    response.end(JSON.stringify({ items: [] }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  Object.assign(env, { UPSTREAM_URLS: { ...env.UPSTREAM_URLS, dealwatch: base } });
});

afterAll(async () => {
  Object.assign(env, { UPSTREAM_URLS: Object.fromEntries(Object.entries(env.UPSTREAM_URLS).filter(([set]) => set !== "dealwatch")) });
  await new Promise((resolve) => server.close(resolve));
});

describe("a set pointed at an upstream", () => {
  it("answers the upstream's status, body and headers, without its cookies", async () => {
    const limited = await callDataApi({ set: "dealwatch", method: "GET", path: "/deals", query: [["token", "corp_key"]], headers: {} });
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toBe("1");
    expect(limited.headers["content-type"]).toBe("application/json");
    expect(limited.headers["set-cookie"]).toBeUndefined();
    expect(JSON.parse(limited.body)).toEqual({ error: "Too many requests", code: 429 });
    expect(limited.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2\/deals\?token=corp_key$/);

    const listed = await callDataApi({ set: "dealwatch", method: "GET", path: "/advisors", query: [["token", "corp_key"]], headers: {} });
    expect(listed).toMatchObject({ status: 200, body: '{"items":[]}' });
    expect(listed.headers["x-upstream"]).toBe("simulated");
    expect(seen.map((call) => call.token)).toEqual(["corp_key", "corp_key"]);
  });

  it('[security3-N5] refuses a "." or ".." path parameter without calling the upstream', async () => {
    const calls = seen.length;
    for (const path of ["/deals/..", "/advisors/../../v1/deals", "/deals/%2e%2e", "/deals/.", "/deals\\..\\x"]) {
      const refused = await callDataApi({ set: "dealwatch", method: "GET", path, query: [["token", "corp_key"]], headers: {} });
      expect([refused.status, JSON.parse(refused.body)], path).toEqual([
        400,
        { error: 'Bad request: a path parameter must not be "." or "..".', code: 400 },
      ]);
    }
    expect(seen.length).toBe(calls);
    const dotted = await callDataApi({ set: "dealwatch", method: "GET", path: "/advisors/a..b", query: [], headers: {} });
    expect(dotted.status).toBe(200);
    expect(seen.at(-1)?.url).toBe("/api/v2/advisors/a..b");
  });

  it("answers 502 when the upstream cannot be reached", async () => {
    const base = env.UPSTREAM_URLS.dealwatch;
    Object.assign(env, { UPSTREAM_URLS: { ...env.UPSTREAM_URLS, dealwatch: "http://127.0.0.1:1/api/v2" } });
    try {
      const unreachable = await callDataApi({ set: "dealwatch", method: "GET", path: "/deals", query: [], headers: {} });
      expect(unreachable.status).toBe(502);
    } finally {
      Object.assign(env, { UPSTREAM_URLS: { ...env.UPSTREAM_URLS, dealwatch: base } });
    }
  });
});
