import { expect, type PlaywrightWorkerArgs } from "@playwright/test";
import { createAccount, signInToken } from "./support/accounts";
import { servedPaths, specFile, startPortalProcess, type PortalProcess } from "./support/portal-process";
import { test } from "./support/test";

type Role = "visitor" | "subscriber" | "admin";

async function clientFor(role: Role, playwright: PlaywrightWorkerArgs["playwright"], baseURL = test.info().project.use.baseURL) {
  let token: string | null = null;
  if (role !== "visitor") {
    const signIn = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    token = await signInToken(
      signIn,
      await createAccount({ products: ["macroeconomic", "company", "documents", "intelligence"], isAdmin: role === "admin" }),
    );
    await signIn.dispose();
  }
  return playwright.request.newContext({ baseURL, extraHTTPHeaders: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** [method, path, body, expected status per role] */
const routes: [string, string, { form?: Record<string, string>; data?: unknown }, Record<Role, number>][] = [
  ["GET", "/dashboard/admin/dashboard", {}, { visitor: 404, subscriber: 404, admin: 200 }],
  ["GET", "/zh/dashboard/admin/dashboard/", {}, { visitor: 404, subscriber: 404, admin: 200 }],
  ["POST", "/dashboard/admin/dashboard", { form: { set: "no-such-set" } }, { visitor: 404, subscriber: 404, admin: 422 }],
  ["GET", "/dashboard/admin", {}, { visitor: 404, subscriber: 404, admin: 302 }],
  ["GET", "/api/admin/dashboard", {}, { visitor: 401, subscriber: 403, admin: 200 }],
  ["POST", "/api/admin/dashboard", { data: { set: "no-such-set" } }, { visitor: 401, subscriber: 403, admin: 422 }],
  ["DELETE", "/api/admin/dashboard", {}, { visitor: 401, subscriber: 403, admin: 405 }],
];

for (const role of ["visitor", "subscriber", "admin"] as const) {
  test(`the admin dashboard page and API answer a ${role} as they must`, async ({ playwright }) => {
    const client = await clientFor(role, playwright);
    for (const [method, path, body, expected] of routes) {
      const response = await client.fetch(path, { method, maxRedirects: 0, ...body });
      expect(response.status(), `${method} ${path} as ${role}`).toBe(expected[role]);
    }
    await client.dispose();
  });
}

test("GET /api/admin/dashboard shows this server and its worker, every job kind and every specification", async ({ playwright }) => {
  const client = await clientFor("admin", playwright);
  const dashboard = await (await client.get("/api/admin/dashboard")).json();
  const here = dashboard.instances.filter((instance: { here: boolean }) => instance.here);
  expect(here.map((instance: { kind: string }) => instance.kind).sort()).toEqual(["web", "worker"]);
  for (const instance of here) expect(instance).toMatchObject({ state: "live", version: expect.any(String) });
  expect(dashboard.queues.map((queue: { kind: string }) => queue.kind)).toEqual(
    expect.arrayContaining(["run-dump", "run-feed", "purge-files"]),
  );
  expect(dashboard.specifications).toHaveLength(8);
  const invalid = await client.post("/api/admin/dashboard", { data: {} });
  expect([invalid.status(), await invalid.json()]).toEqual([422, { errors: { set: "Please fill out this field." } }]);
  await client.dispose();
});

test.describe("a reload through one instance", () => {
  // The set is this file's own, so the UI tests running beside it never move its stamp.
  const set = "real-estate";
  const spec = specFile(set);
  let first: PortalProcess;
  let second: PortalProcess;

  test.beforeAll(async () => {
    spec.write("okapi");
    [first, second] = await Promise.all([
      startPortalProcess({ DOCS_SPEC_SOURCES: spec.sources }),
      startPortalProcess({ DOCS_SPEC_SOURCES: spec.sources }),
    ]);
  });

  test.afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    spec.remove();
  });

  test("reaches the other instance, search included; a failed one leaves both serving the old specification", async ({ playwright }) => {
    test.setTimeout(90_000);
    expect(await servedPaths(first.baseURL, set)).toEqual(["/okapi"]);
    expect(await servedPaths(second.baseURL, set)).toEqual(["/okapi"]);

    const admin = await clientFor("admin", playwright, first.baseURL);
    spec.write("quagga");
    const reloaded = await admin.post("/api/admin/dashboard", { data: { set } });
    expect(reloaded.status()).toBe(200);
    const { reloaded: sets, failed } = await reloaded.json();
    expect(failed).toEqual([]);
    expect(sets).toEqual([{ set, version: expect.any(Number) }]);
    expect(await servedPaths(first.baseURL, set)).toEqual(["/quagga"]);
    await expect.poll(() => servedPaths(second.baseURL, set), { timeout: 10_000 }).toEqual(["/quagga"]);
    const search = await (await fetch(`${second.baseURL}/api/search?q=quagga&set=${set}`)).json();
    expect(search.total).toBeGreaterThan(0);
    expect((await (await fetch(`${second.baseURL}/api/search?q=okapi&set=${set}`)).json()).total).toBe(0);

    spec.writeInvalid();
    const refused = await admin.post("/api/admin/dashboard", { data: { set } });
    expect(refused.status()).toBe(502);
    expect(await refused.json()).toMatchObject({
      error: "An error occured while reloading the Swagger Specifications for Real Estate API v1.",
      reloaded: [],
      failed: [{ set, reason: expect.stringContaining("Not a Swagger 2.0 document") }],
    });
    expect(await servedPaths(first.baseURL, set)).toEqual(["/quagga"]);
    expect(await servedPaths(second.baseURL, set)).toEqual(["/quagga"]);

    // The main server lists both instances, the stamp, and the two reloads in the audit trail.
    const main = await clientFor("admin", playwright);
    const dashboard = await (await main.get("/api/admin/dashboard")).json();
    for (const instance of [first, second]) {
      expect(dashboard.instances).toContainEqual(
        expect.objectContaining({ kind: "web", here: false, state: "live", id: expect.stringContaining(`:${instance.pid}:`) }),
      );
    }
    expect(dashboard.specifications).toContainEqual(expect.objectContaining({ set, version: sets[0].version }));
    const reloads = dashboard.audit.filter(
      (entry: { action: string; target: string }) => entry.action === "spec-reload" && entry.target === set,
    );
    expect(reloads.slice(0, 2).map((entry: { details: unknown }) => entry.details)).toEqual([
      { outcome: "failed" },
      { outcome: "reloaded" },
    ]);
    await Promise.all([admin.dispose(), main.dispose()]);
  });
});
