import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "./support/test";

/** The query builder's action over HTTP: its answers are never stored, and it relays within its own limits. */

const OPERATION = "/docs/econ/sandbox/docs/series?path=%2Fseries%2Fsearch&method=get";

/** A send without JavaScript (or from a script), from its own client address. */
const send = (request: APIRequestContext, path: string, apiKey: string, address: string) =>
  request.post(path, { form: { apiKey, query_keyword: "GDP" }, headers: { "X-Forwarded-For": address }, maxRedirects: 0 });

test("[security3-N17] the answer to a send repeats the key and is never stored, as a page or as route data", async ({ request }) => {
  const page = await send(request, OPERATION, "sbx_echoed_key_1234", "198.18.17.1");
  expect(page.status()).toBe(200);
  expect(page.headers()["cache-control"]).toBe("no-store");
  expect(await page.text()).toContain("sbx_echoed_key_1234");
  const data = await send(request, OPERATION.replace("/series?", "/series.data?"), "sbx_echoed_key_1234", "198.18.17.2");
  expect(data.status()).toBe(200);
  expect(data.headers()["cache-control"]).toBe("no-store");
  expect(await data.text()).toContain("sbx_echoed_key_1234");
});

test("[security3-N5] the builder sends at most 20 a minute with one key, then answers 429 with Retry-After, in the page's language", async ({
  request,
}) => {
  for (let index = 0; index < 20; index++)
    expect((await send(request, OPERATION, "sbx_relay_key", `198.18.5.${index + 1}`)).status()).toBe(200);
  const refused = await send(request, OPERATION, "sbx_relay_key", "198.18.5.100");
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(refused.headers()["cache-control"]).toBe("no-store");
  expect(await refused.text()).toMatch(
    /Too many requests from the query builder: it sends at most 60 a minute from one network and 20 with one key\. Please try again in \d+ s\./,
  );
  const zh = await send(request, `/zh${OPERATION}`, "sbx_relay_key", "198.18.5.101");
  expect(zh.status()).toBe(429);
  expect(await zh.text()).toMatch(/查询构建器的请求过多：每个网络每分钟最多发送 60 个请求，每个密钥最多 20 个。请在 \d+ 秒后重试。/);
});
