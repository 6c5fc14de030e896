import { REQUEST_ID_PATTERN } from "~/modules/usage/call-record";
import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.CATALOG_COMPANIES = "30";
});

import { generateApiKey } from "~/modules/auth/api-keys.server";
import { loadCurrentUser } from "~/modules/auth/users.server";
import { prepareCatalog } from "~/modules/catalog/source.server";
import { callDataApi, type DataApiAnswer } from "~/modules/data-api/client.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { httpDataApi } from "../support/data-api-http";
import { insertSubscriber } from "../support/subscribers";
import { waitFor } from "../support/wait";

/**
 * Company v2 dumps through the data API: their download links end with the subscription (finding N9), and
 * their names reach the XML file only as text XML 1.0 can hold (finding N15).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const set = "company-v2";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let owner: { id: string; key: string };

async function companySubscriber() {
  const { id } = await insertSubscriber({ label: "dumps", platforms: ["corp"], products: ["company"] });
  return { id, key: (await generateApiKey((await loadCurrentUser(id, "corp"))!, "corp"))! };
}

/** One call of the owner's key; calls a quarter of a second apart stay within the per-second budget. */
async function call(path: string, init: { method?: string; body?: unknown } = {}): Promise<DataApiAnswer> {
  await sleep(250);
  return callDataApi({
    set,
    method: init.method ?? "GET",
    path,
    query: [["token", owner.key]],
    headers: {},
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const download = (url: string) => httpDataApi(new Request(url));

/** Creates a dump of a new filter and waits until it is completed (the built-in dumps run by the clock, 4 s). */
async function completedDump(request: Record<string, unknown>): Promise<{ dump_id: number; download_url: string; description?: string }> {
  const filter = JSON.parse((await call("/companies/search/filters", { method: "POST", body: { company_ids: [1, 2] } })).body) as {
    filter_id: number;
  };
  const created = await call("/companies/dumps", { method: "POST", body: { filter_id: filter.filter_id, ...request } });
  expect(created.status, created.body).toBe(200);
  const { dump_id } = JSON.parse(created.body) as { dump_id: number };
  const done = await waitFor(
    async () =>
      JSON.parse((await call(`/companies/dumps/${dump_id}`)).body) as { status: string; download_url: string; description?: string },
    (answer) => !["queued", "running"].includes(answer.status),
    { timeoutMs: 15_000, everyMs: 250 },
  );
  expect(done.status).toBe("completed");
  return { dump_id, ...done };
}

beforeAll(async () => {
  await prepareCatalog();
  owner = await companySubscriber();
}, 120_000);

describe("[security3-N9] data-API dump links", () => {
  it("[security3-N9] stop serving the dump when the owner's subscription ends, answered as a dead link", async () => {
    const { download_url } = await completedDump({ name: "Until the end" });
    const served = await download(download_url);
    expect(served.status).toBe(200);
    expect(((await served.json()) as { companies: unknown[] }).companies).toHaveLength(2);

    await db
      .updateTable("subscriptions")
      .set({ ends_at: nowIso(new Date(Date.now() - 1000)) })
      .where("user_id", "=", owner.id)
      .execute();
    const refused = await download(download_url);
    const dead = await download(`${download_url.slice(0, download_url.lastIndexOf("/"))}/forged.token`);
    expect(refused.status).toBe(404);
    expect(refused.headers.get("Content-Type")).toBe(dead.headers.get("Content-Type"));
    expect(await refused.text()).toBe(await dead.text());

    await db
      .updateTable("subscriptions")
      .set({ ends_at: nowIso(new Date(Date.now() + 30 * DAY_MS)) })
      .where("user_id", "=", owner.id)
      .execute();
    expect((await download(download_url)).status).toBe(200);
  }, 30_000);
});

describe("[security3-N15] control characters in dump names", () => {
  it("[security3-N15] a name with a control character is a 400 in the API's error shape", async () => {
    for (const name of ["x\u0001y", "x\u001by", "line\nbreak", "x\u007fy"]) {
      const refused = await call("/companies/dumps", { method: "POST", body: { filter_id: 1, name } });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(JSON.parse(refused.body)).toEqual({
        code: 400,
        error: "Bad request: dump.name must not contain control characters.",
        requestId: expect.stringMatching(REQUEST_ID_PATTERN),
      });
    }
  }, 30_000);

  it("[security3-N15] a description keeps its line breaks, and markup in a name reaches the XML file as well-formed text", async () => {
    const name = 'x</name><injected attr="1">&amp;]]>';
    const { download_url, description } = await completedDump({ name, description: "one\r\ntwo", xml: true });
    expect(description).toBe("one\r\ntwo");
    const file = await download(download_url);
    expect(file.status).toBe(200);
    const xml = await file.text();
    expect(xml).toContain("<name>x&lt;/name&gt;&lt;injected attr=&quot;1&quot;&gt;&amp;amp;]]&gt;</name>");
    expect(xml).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);
    expect(xml.split("\n")).toHaveLength(2);
  }, 30_000);
});
