import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { createAccount, signInToken, type Product, type TestAccount } from "./support/accounts";
import { holdDumpQueue } from "./support/dump-queue";
import { test } from "./support/test";

/** /api/corp-predefined-datasets and the page's action: who may do what, and the answers' shapes. */

const api = "/api/corp-predefined-datasets";
const pagePath = "/dashboard/corp/predefined-datasets";

interface DatasetFile {
  id: string;
  format: string;
  filename: string;
  size: number;
  records: number;
  downloadUrl: string;
}

interface Dataset {
  id: string;
  name: string;
  description: string;
  latest: { id: string; status: string; format: string; progress: number; finished: string | null; files: DatasetFile[] } | null;
}

type Playwright = PlaywrightWorkerArgs["playwright"];

async function client(playwright: Playwright, token: string | null): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL: test.info().project.use.baseURL,
    extraHTTPHeaders: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

async function signedIn(playwright: Playwright, account: TestAccount): Promise<APIRequestContext> {
  const anonymous = await client(playwright, null);
  const token = await signInToken(anonymous, account, "corp");
  await anonymous.dispose();
  return client(playwright, token);
}

async function datasets(request: APIRequestContext, query = ""): Promise<Dataset[]> {
  const response = await request.get(`${api}${query}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { datasets: Dataset[] }).datasets;
}

const generate = (request: APIRequestContext, body: unknown) => request.post(api, { data: body });
const generateOnPage = (request: APIRequestContext, form: Record<string, string>) => request.post(pagePath, { form, maxRedirects: 0 });

type Role = "visitor" | "macroeconomic subscriber" | "company subscriber" | "admin";
const products: Record<Exclude<Role, "visitor">, { products: Product[]; isAdmin?: boolean }> = {
  "macroeconomic subscriber": { products: ["macroeconomic"] },
  "company subscriber": { products: ["company"] },
  // An admin without any subscription still passes, as in every guard.
  admin: { products: [], isAdmin: true },
};
const expected: Record<Role, { get: number; post: number; page: number }> = {
  visitor: { get: 401, post: 401, page: 404 },
  "macroeconomic subscriber": { get: 403, post: 403, page: 404 },
  "company subscriber": { get: 200, post: 202, page: 200 },
  admin: { get: 200, post: 202, page: 200 },
};

for (const role of Object.keys(expected) as Role[]) {
  test(`${role}: the datasets API and page answer as they must`, async ({ playwright }) => {
    const account = role === "visitor" ? null : await createAccount(products[role]);
    const request = account ? await signedIn(playwright, account) : await client(playwright, null);
    // The first generation stays queued, so the page's post that follows is refused for it, not for a finished one.
    const release = account ? await holdDumpQueue(account) : async () => undefined;
    const want = expected[role];
    try {
      const get = await request.get(api);
      expect(get.status()).toBe(want.get);
      if (want.get !== 200) expect(await get.json()).toEqual({ error: expect.any(String) });
      const post = await generate(request, { datasetId: "state-owned-enterprises", format: "json" });
      expect(post.status()).toBe(want.post);
      expect((await request.get(pagePath, { maxRedirects: 0 })).status()).toBe(want.page);
      const pagePost = await generateOnPage(request, { intent: "generate", datasetId: "companies-in-distress", format: "json" });
      expect(pagePost.status()).toBe(want.page === 404 ? 404 : 409);
      if (want.post === 202) {
        const item = (await datasets(request)).find((dataset) => dataset.id === "state-owned-enterprises");
        expect(item?.latest).toMatchObject({ id: ((await post.json()) as { id: string }).id, status: "queued" });
      }
    } finally {
      await release();
      await request.dispose();
    }
  });
}

test("GET lists every dataset in the asked language, with the user's latest generation", async ({ playwright }) => {
  const request = await signedIn(playwright, await createAccount({ products: ["company"] }));
  const english = await datasets(request);
  expect(english.length).toBeGreaterThanOrEqual(5);
  expect(english.find((item) => item.id === "european-listed-companies")).toEqual({
    id: "european-listed-companies",
    name: "European listed companies",
    description: expect.stringContaining("Europe"),
    latest: null,
  });
  const chinese = await datasets(request, "?lang=zh");
  expect(chinese.map((item) => item.id)).toEqual(english.map((item) => item.id));
  expect(chinese.find((item) => item.id === "european-listed-companies")?.name).toBe("欧洲上市公司");
  await request.dispose();
});

test("POST generates a dataset to a downloadable file, one at a time", async ({ playwright }) => {
  const account = await createAccount({ products: ["company"] });
  const request = await signedIn(playwright, account);
  const release = await holdDumpQueue(account);
  let id: string;
  try {
    const accepted = await generate(request, { datasetId: "banks-and-insurers", format: "json" });
    expect(accepted.status()).toBe(202);
    const body = (await accepted.json()) as { id: string; status: string };
    expect(body).toEqual({ id: expect.any(String), status: "queued" });
    id = body.id;

    const refused = await generate(request, { datasetId: "energy-and-resources", format: "xml" });
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toEqual({
      error: "Another dataset is being generated. Please wait until it has finished, then generate this one.",
    });
    const refusedZh = await request.post(`${api}?lang=zh`, { data: { datasetId: "energy-and-resources", format: "xml" } });
    expect(refusedZh.status()).toBe(409);
    expect(await refusedZh.json()).toEqual({ error: "另一个数据集正在生成。请等待其完成后再生成此数据集。" });

    const queued = (await datasets(request)).find((item) => item.id === "banks-and-insurers");
    expect(queued?.latest).toMatchObject({ id, status: "queued", format: "json", progress: 0, finished: null, files: [] });
  } finally {
    await release();
  }

  await expect(async () => {
    const item = (await datasets(request)).find((dataset) => dataset.id === "banks-and-insurers");
    expect(item?.latest?.status).toBe("completed");
  }).toPass({ timeout: 30_000 });
  const done = (await datasets(request)).find((item) => item.id === "banks-and-insurers")!.latest!;
  expect(done).toMatchObject({ id, progress: 100, finished: expect.any(String) });
  expect(done.files).toHaveLength(1);
  const [file] = done.files;
  expect(file).toMatchObject({ format: "json", downloadUrl: `/api/files/${file!.id}`, filename: expect.stringMatching(/\.json$/) });
  const download = await request.get(file!.downloadUrl);
  expect(download.headers()["content-type"]).toContain("application/json");
  const content = (await download.json()) as { dump: { id: string }; companies: { profile: { mainIndustry: string; status: string } }[] };
  expect(content.dump.id).toBe(id);
  expect(content.companies).toHaveLength(file!.records);
  expect(content.companies.length).toBeGreaterThan(0);
  for (const company of content.companies) {
    expect(["K64", "K65"]).toContain(company.profile.mainIndustry);
    expect(company.profile.status).toBe("operational");
  }

  // Done: the next generation is accepted; another subscriber sees none of it.
  expect((await generate(request, { datasetId: "energy-and-resources", format: "xml" })).status()).toBe(202);
  const other = await signedIn(playwright, await createAccount({ products: ["company"] }));
  expect((await datasets(other)).every((item) => item.latest === null)).toBe(true);
  expect((await other.get(file!.downloadUrl)).status()).toBe(404);
  expect((await generate(other, { datasetId: "energy-and-resources", format: "xml" })).status()).toBe(202);
  await Promise.all([request.dispose(), other.dispose()]);
});

test("bad requests get a 4xx with the reason, never a 500", async ({ playwright }) => {
  const request = await signedIn(playwright, await createAccount({ products: ["company"] }));
  const missing = await generate(request, {});
  expect(missing.status()).toBe(422);
  expect(await missing.json()).toEqual({ errors: { datasetId: "Please fill out this field.", format: "Please fill out this field." } });
  const badFormat = await generate(request, { datasetId: "banks-and-insurers", format: "csv" });
  expect(badFormat.status()).toBe(422);
  expect(await badFormat.json()).toEqual({ errors: { format: "Please choose one of the listed options." } });
  const wrongTypes = await generate(request, { datasetId: 42, format: ["json"] });
  expect(wrongTypes.status()).toBe(422);
  const unknown = await generate(request, { datasetId: "no-such-dataset", format: "json" });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ error: "This dataset does not exist." });
  expect((await request.post(api, { headers: { "Content-Type": "text/plain" }, data: "datasetId=x" })).status()).toBe(415);
  expect((await request.post(api, { headers: { "Content-Type": "application/json" }, data: "{oops" })).status()).toBe(400);
  expect((await request.put(api, { data: {} })).status()).toBe(405);

  expect((await generateOnPage(request, { intent: "other", datasetId: "banks-and-insurers", format: "json" })).status()).toBe(400);
  expect((await generateOnPage(request, { intent: "generate", datasetId: "banks-and-insurers", format: "csv" })).status()).toBe(422);
  expect((await generateOnPage(request, { intent: "generate", datasetId: "no-such-dataset", format: "json" })).status()).toBe(404);
  const accepted = await generateOnPage(request, { intent: "generate", datasetId: "banks-and-insurers", format: "json" });
  expect(accepted.status()).toBe(302);
  expect(accepted.headers()["location"]).toBe(pagePath);
  expect((await datasets(request)).find((item) => item.id === "banks-and-insurers")?.latest).not.toBeNull();
  await request.dispose();
});
