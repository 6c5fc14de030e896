import { expect, type APIRequestContext, type PlaywrightWorkerArgs } from "@playwright/test";
import { signInToken, type Platform } from "./support/accounts";
import { test } from "./support/test";

/** The option routes of the three products, the demo subscriber of each, and what their forms need. */
const routes = [
  {
    path: "/api/econ-options",
    subscriber: "macro@demo.test",
    platform: "econ",
    lists: [
      "databases",
      "topics",
      "sections",
      "tables",
      "frequencies",
      "countries",
      "regions",
      "units",
      "indicators",
      "sources",
      "languages",
      "formats",
      "orders",
    ],
  },
  {
    path: "/api/corp-company-options",
    subscriber: "company@demo.test",
    platform: "corp",
    lists: ["countries", "types", "industries", "legalForms", "statuses", "statementTypes", "financialStandards", "currencies"],
  },
  {
    path: "/api/documents-options",
    subscriber: "documents@demo.test",
    platform: "corp",
    lists: ["countries", "languages", "formats", "industries", "publicationTypes", "sources", "topics", "searchIn"],
  },
] as const;

/** A request context that carries only the bearer token of the account, signed in on the platform. */
async function clientFor(
  playwright: PlaywrightWorkerArgs["playwright"],
  email: string | null,
  platform: Platform,
): Promise<APIRequestContext> {
  const baseURL = test.info().project.use.baseURL;
  if (!email) return playwright.request.newContext({ baseURL });
  const signIn = await playwright.request.newContext({ baseURL });
  const token = await signInToken(signIn, { email, password: "demo-password" }, platform);
  await signIn.dispose();
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
}

for (const route of routes) {
  test(`${route.path} answers 401 to visitors, 403 without the subscription, 200 to subscribers and admins`, async ({ playwright }) => {
    const expectations: [string | null, number][] = [
      [null, 401],
      ["visitor@demo.test", 403],
      [route.subscriber, 200],
      ["admin@demo.test", 200],
    ];
    for (const [email, status] of expectations) {
      const client = await clientFor(playwright, email, route.platform);
      const response = await client.get(route.path);
      expect(response.status(), `${route.path} as ${email ?? "visitor"}`).toBe(status);
      const body = await response.json();
      if (status === 200) {
        for (const list of route.lists) expect(body[list]?.length, `${route.path} ${list}`).toBeGreaterThan(0);
      } else {
        expect(body).toEqual({ error: expect.any(String) });
      }
      await client.dispose();
    }
  });

  test(`${route.path} answers other methods with 405`, async ({ playwright }) => {
    const client = await clientFor(playwright, route.subscriber, route.platform);
    const response = await client.post(route.path, { data: {} });
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("GET");
    await client.dispose();
  });
}

test("a subscriber of another product is refused", async ({ playwright }) => {
  const client = await clientFor(playwright, "company@demo.test", "corp");
  expect((await client.get("/api/documents-options")).status()).toBe(403);
  expect((await client.get("/api/econ-options")).status()).toBe(403);
  await client.dispose();
});

test("the macroeconomic options cascade from databases to tables", async ({ playwright }) => {
  const client = await clientFor(playwright, "macro@demo.test", "econ");
  const options = await (await client.get("/api/econ-options")).json();
  const values = (list: { value: string }[]) => list.map((option) => option.value);
  expect(options.databases[0]).toEqual({ value: "DB01", label: "World Economic Indicators" });
  for (const topic of options.topics) expect(values(options.databases)).toContain(topic.parent);
  for (const table of options.tables) expect(values(options.sections)).toContain(table.parent);
  expect(values(options.languages)).toEqual(["en", "zh"]);
  expect(values(options.formats)).toEqual(["json", "xml"]);
  await client.dispose();
});
