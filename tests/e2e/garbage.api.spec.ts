import { expect, type APIRequestContext } from "@playwright/test";
import { e2eDb, uniqueEmail } from "./support/database";
import { test } from "./support/test";

const kinds = ["general-inquiry", "report-bug", "request-feature", "business-inquiry"];
const huge = "x".repeat(200_000);

/** A message stored before the garbage arrives; it must still be there, unchanged, afterwards. */
async function storeKnownMessage(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail("kept");
  const response = await request.post("/api/form/general-inquiry", {
    data: { name: "Kept", email, subject: "Kept", text: "Must survive the garbage" },
  });
  expect(response.status()).toBe(201);
  return email;
}

async function expectNothingLost(keptEmail: string, tag: string) {
  const db = e2eDb();
  expect(await db.selectFrom("contact_messages").select("subject").where("email", "=", keptEmail).execute()).toEqual([{ subject: "Kept" }]);
  expect(await db.selectFrom("contact_messages").select("id").where("payload", "like", `%${tag}%`).execute()).toHaveLength(0);
}

test.describe("garbage never causes a 500 and loses nothing", () => {
  for (const kind of kinds) {
    test(`JSON API /api/form/${kind}`, async ({ request }) => {
      const kept = await storeKnownMessage(request);
      const tag = `garbage-${Date.now()}`;
      const url = `/api/form/${kind}`;
      const cases: { data: string | object; headers?: Record<string, string>; status: number }[] = [
        { data: "{not json", headers: { "Content-Type": "application/json" }, status: 400 },
        { data: "[1,2,3]", headers: { "Content-Type": "application/json" }, status: 400 },
        { data: "null", headers: { "Content-Type": "application/json" }, status: 400 },
        { data: "", headers: { "Content-Type": "application/json" }, status: 400 },
        { data: { name: 42, email: ["a"], subject: {}, text: true, firstName: null }, status: 422 },
        { data: {}, status: 422 },
        { data: { name: huge, email: `${huge}@example.com`, subject: huge, text: huge, firstName: huge }, status: 422 },
        { data: { name: tag, email: "a@example.com", subject: tag, text: tag, sdk: "cobol", product: "nope", country: "XX" }, status: 422 },
      ];
      for (const item of cases) {
        const response = await request.post(url, { data: item.data, headers: item.headers });
        expect(response.status(), JSON.stringify(item.data).slice(0, 80)).toBe(item.status);
        const body = (await response.json()) as { error?: string; errors?: Record<string, string> };
        if (item.status === 400) expect(body.error).toBe("Could not parse JSON value.");
        else expect(Object.keys(body.errors ?? {}).length).toBeGreaterThan(0);
      }
      const get = await request.get(url);
      expect(get.status()).toBe(405);
      await expectNothingLost(kept, tag);
    });

    test(`form post /contact/${kind}`, async ({ request }) => {
      const kept = await storeKnownMessage(request);
      const tag = `garbage-${Date.now()}`;
      const url = `/contact/${kind}`;
      const tooLong = await request.post(url, {
        form: { name: huge, email: huge, subject: huge, text: huge, firstName: huge },
        maxRedirects: 0,
      });
      expect(tooLong.status()).toBe(422);
      expect(await tooLong.text()).toContain("Please use at most");
      const missing = await request.post(url, { form: { subject: tag }, maxRedirects: 0 });
      expect(missing.status()).toBe(422);
      const file = await request.post(url, {
        multipart: { name: { name: "a.bin", mimeType: "application/octet-stream", buffer: Buffer.from([0, 1, 2]) } },
        maxRedirects: 0,
      });
      expect(file.status()).toBe(422);
      const json = await request.post(url, { data: { name: tag }, maxRedirects: 0 });
      expect(json.status()).toBe(400);
      await expectNothingLost(kept, tag);
    });
  }

  test("unknown forms are 404 on both routes", async ({ request }) => {
    expect((await request.post("/api/form/complaint", { data: {} })).status()).toBe(404);
    expect((await request.post("/contact/complaint", { form: {} })).status()).toBe(404);
  });

  test("a filled honeypot is refused", async ({ request }) => {
    const response = await request.post("/api/form/general-inquiry", {
      data: { name: "Bot", email: "bot@example.com", subject: "Buy", text: "Spam", website: "http://spam.example" },
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ error: "Your message could not be sent." });
  });

  test("a valid JSON post is stored and answered 201", async ({ request }) => {
    const response = await request.post("/api/form/request-feature", {
      data: { name: "Api", email: "api-client@example.com", subject: "JSON", text: "Via the API", product: "dealwatch" },
    });
    expect(response.status()).toBe(201);
    const body = (await response.json()) as { id: string };
    expect(await e2eDb().selectFrom("contact_messages").select("kind").where("id", "=", body.id).execute()).toEqual([
      { kind: "request-feature" },
    ]);
  });
});

test("GET /healthz answers ok once the database and the worker are ready", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ ok: true });
});
