import http from "node:http";
import type { AddressInfo } from "node:net";
import { solveChallenge } from "altcha-lib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { issueChallenge } from "~/modules/captcha/captcha.server";
import { captchaKey, createTextChallenge } from "~/modules/captcha/captcha-store.server";
import { db } from "~/modules/db/db.server";
import { clearRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { sandboxFormData } from "~/modules/sandbox/registration-form.server";
import { readSandboxTrialKey, SANDBOX_TRIAL_COOKIE } from "~/modules/sandbox/trial-cookie.server";
import { useTrialKey } from "~/modules/sandbox/trial-keys.server";
import { action as registerApi } from "~/routes/api/econ-sandbox";
import { action as exchangeApi } from "~/routes/api/econ-sandbox-token";
import * as docPage from "~/routes/docs/doc-page";
import * as productPage from "~/routes/public/api-product";
import * as accessPage from "~/routes/public/sandbox-access";
import * as registeredPage from "~/routes/public/sandbox-registered";

const context = { cspNonce: "" };
const sandboxParams = { vendor: "econ", product: "sandbox" };
let addressCounter = 0;

/** Each registration from its own client address unless a test says otherwise, so address budgets stay apart. */
function nextAddress(): string {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** Calls a loader or action as Remix would: thrown responses are answers too. */
async function answer<T>(run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The status, body and headers of what a page's loader or action returned: a Response or data(). */
async function outcome(result: unknown) {
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: result.headers };
  }
  const value = result as { type?: string; data: Record<string, unknown>; init: ResponseInit | null };
  if (value.type !== "DataWithResponseInit") return { status: 200, body: result as Record<string, unknown>, headers: new Headers() };
  return { status: value.init?.status ?? 200, body: value.data, headers: new Headers(value.init?.headers) };
}

function person(email: string) {
  return { name: "Ada", surname: "Lovelace", companyName: "Analytical Engines", jobTitle: "Economist", email, country: "GB" };
}

/** The text challenge a browser without JavaScript shows, answered right (or not). */
function answeredChallenge(right = true) {
  const challenge = createTextChallenge();
  return { captchaChallenge: challenge.token, captchaAnswer: String(challenge.a + challenge.b + (right ? 0 : 1)) };
}

/** What the widget posts after a real proof of work, on an easy challenge signed with the portal's key. */
async function solvedCaptcha(): Promise<string> {
  const challenge = await issueChallenge(captchaKey(), { maxNumber: 2000 });
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  const { algorithm, salt, signature } = challenge;
  return Buffer.from(JSON.stringify({ algorithm, challenge: challenge.challenge, number: solution?.number, salt, signature })).toString(
    "base64",
  );
}

function formPost(path: string, fields: Record<string, string>, address = nextAddress()): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Portal-Client-Address": address },
    body: new URLSearchParams(fields).toString(),
  });
}

function jsonPost(path: string, body: unknown, address = nextAddress(), headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Portal-Client-Address": address, ...headers },
    body: JSON.stringify(body),
  });
}

async function registerOnPage(email: string, fields: Record<string, string> = {}, address?: string, path = "/api-products/econ/sandbox") {
  const request = formPost(path, { ...person(email), consent: "on", ...answeredChallenge(), ...fields }, address);
  return outcome(await answer(() => productPage.action({ request, params: sandboxParams, context })));
}

async function registerByApi(body: Record<string, unknown>, address?: string, headers?: Record<string, string>) {
  const response = await registerApi({ request: jsonPost("/api/econ-sandbox", body, address, headers), params: {}, context });
  return { status: response.status, body: (await response.json()) as Record<string, string>, headers: response.headers };
}

async function exchangeByApi(token: unknown) {
  const response = await exchangeApi({ request: jsonPost("/api/econ-sandbox-token", { token }), params: {}, context });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

/** The access link of the newest mail to `email`, and that mail. */
async function accessLink(email: string) {
  const mail = await db
    .selectFrom("outbox")
    .selectAll()
    .where("recipient", "=", email)
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  const link = /https?:\/\/\S+\/api-products\/econ\/sandbox\/([\w-]+)/.exec(mail.body);
  if (!link) throw new Error(`no access link in: ${mail.body}`);
  return { url: link[0], token: link[1]!, mail };
}

async function loadAccessPage(token: string, cookie?: string, prefix = "") {
  const request = new Request(`http://localhost${prefix}/api-products/econ/sandbox/${token}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  return outcome(await answer(() => accessPage.loader({ request, params: { token }, context })));
}

async function postAccessPage(token: string) {
  const request = new Request(`http://localhost/api-products/econ/sandbox/${token}`, { method: "POST" });
  return outcome(await answer(() => accessPage.action({ request, params: { token }, context })));
}

describe("sandbox registration on the page", () => {
  it("stores the registration, e-mails a 7-day access link, and the link issues a working trial key once", async () => {
    const before = Date.now();
    const registered = await registerOnPage("journey@example.com", { offers: "on", message: "GDP please" });
    expect(registered.status).toBe(302);
    expect(registered.headers.get("Location")).toBe("/api-products/econ/sandbox/registered");
    // The page it goes on to says where the link went and until when it works; it lasts (a reload shows it again).
    const outcomeCookie = registered.headers.get("Set-Cookie")!.split(";")[0]!;
    const outcomePage = new Request("http://localhost/api-products/econ/sandbox/registered", { headers: { Cookie: outcomeCookie } });
    expect(await outcome(await answer(() => registeredPage.loader({ request: outcomePage, params: {}, context })))).toMatchObject({
      status: 200,
      body: {
        outcome: { kind: "sandbox-registered", email: "journey@example.com", resent: false, expiry: expect.stringMatching(/ UTC$/) },
      },
    });
    // Without a registration from this browser, the form.
    const fresh = new Request("http://localhost/zh/api-products/econ/sandbox/registered");
    const back = await outcome(await answer(() => registeredPage.loader({ request: fresh, params: {}, context })));
    expect([back.status, back.headers.get("Location")]).toEqual([302, "/zh/api-products/econ/sandbox#register"]);

    const row = await db
      .selectFrom("sandbox_registrations")
      .selectAll()
      .where("email", "=", "journey@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Ada", surname: "Lovelace", company_name: "Analytical Engines", job_title: "Economist" });
    expect(row).toMatchObject({ country: "GB", message: "GDP please", consent: 1, offers: 1, language: "en", key_issued_at: null });
    const validMs = Date.parse(row.link_expires_at) - before;
    expect(validMs).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    expect(validMs).toBeLessThanOrEqual(7 * 24 * 3600_000 + 60_000);

    const { url, token, mail } = await accessLink("journey@example.com");
    expect(url).toBe(`http://localhost:3000/api-products/econ/sandbox/${token}`);
    expect(mail.subject).toBe("Your access link to the Macroeconomic API sandbox");
    expect(mail.body).toContain("Hello Ada,");
    // Only the token's hash is stored.
    expect(row.token_hash).not.toContain(token);

    // Opening the link (a mail scanner's GET) changes nothing.
    const opened = await loadAccessPage(token);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ state: { status: "open", linkExpiresAt: row.link_expires_at }, holdsKey: false });
    expect(await loadAccessPage(token)).toMatchObject({ status: 200, body: { state: { status: "open" } } });

    const shown = await postAccessPage(token);
    expect(shown.status).toBe(200);
    const issued = shown.body.issued as { key: string; expiresAt: string };
    expect(issued.expiresAt).toBe(row.link_expires_at);
    const holder = await useTrialKey(issued.key);
    expect(holder).toMatchObject({ registrationId: row.id, expiresAt: row.link_expires_at });

    const cookie = shown.headers.get("Set-Cookie")!;
    expect(cookie).toMatch(new RegExp(`^${SANDBOX_TRIAL_COOKIE}=[^;]+; Path=/; HttpOnly; SameSite=Lax; Max-Age=\\d+$`));
    expect(cookie).not.toContain(issued.key);
    const pair = cookie.split(";")[0]!;
    expect(await readSandboxTrialKey(new Request("http://localhost/docs/econ/sandbox", { headers: { Cookie: pair } }))).toBe(issued.key);

    // Followed again: the key is not shown again; the browser that holds it is told so.
    const again = await postAccessPage(token);
    expect([again.status, again.body.issued]).toEqual([409, null]);
    expect(await loadAccessPage(token, pair)).toMatchObject({ status: 200, body: { state: { status: "used" }, holdsKey: true } });
    expect(await loadAccessPage(token)).toMatchObject({ status: 200, body: { state: { status: "used" }, holdsKey: false } });
    expect(await exchangeByApi(token)).toEqual({
      status: 409,
      body: { error: "The trial key of this access link has already been shown." },
    });
  });

  it("registers on the register-trial docs page too, and answers other docs pages' posts with 405", async () => {
    const request = formPost("/docs/econ/sandbox/register-trial", { ...person("docs@example.com"), consent: "on", ...answeredChallenge() });
    const params = { vendor: "econ", set: "sandbox", "*": "register-trial" };
    const registered = await outcome(await answer(() => docPage.action({ request, params, context })));
    expect([registered.status, registered.headers.get("Location")]).toEqual([302, "/api-products/econ/sandbox/registered"]);
    await accessLink("docs@example.com");

    const loaded = await outcome(
      await answer(() => docPage.loader({ request: new Request("http://localhost/docs/econ/sandbox/register-trial"), params, context })),
    );
    expect(loaded.body.sandboxForm).toMatchObject({
      recaptchaSiteKey: null,
      textChallenge: { question: expect.stringMatching(/^What is \w+ plus \w+\?$/) },
    });
    // Its challenge is fresh for every reader: no cache keeps the page, the portal's own page cache included.
    expect(loaded.headers.get("Cache-Control")).toBe("no-store");
    const other = { vendor: "econ", set: "sandbox", "*": "release-notes" };
    const refused = await answer(() =>
      docPage.action({ request: formPost("/docs/econ/sandbox/release-notes", {}), params: other, context }),
    );
    expect((refused as Response).status).toBe(405);
    const product = await answer(() =>
      productPage.action({
        request: formPost("/api-products/econ/macroeconomic", {}),
        params: { vendor: "econ", product: "macroeconomic" },
        context,
      }),
    );
    expect((product as Response).status).toBe(405);
  });

  it("speaks Chinese from a Chinese page: the question, the e-mail and its link", async () => {
    const form = await sandboxFormData(new Request("http://localhost/zh/api-products/econ/sandbox"));
    expect(form.textChallenge.question).toMatch(/^[一二三四五六七八九]加[一二三四五六七八九]等于几？$/);
    expect(form.countries.find((country) => country.value === "CN")?.label).toBe("中国");

    const registered = await registerOnPage("zh@example.com", {}, undefined, "/zh/api-products/econ/sandbox");
    expect([registered.status, registered.headers.get("Location")]).toEqual([302, "/zh/api-products/econ/sandbox/registered"]);
    const { url, token, mail } = await accessLink("zh@example.com");
    expect(url).toBe(`http://localhost:3000/zh/api-products/econ/sandbox/${token}`);
    expect(mail.subject).toBe("您的宏观经济 API 沙盒访问链接");
    expect(await loadAccessPage(token, undefined, "/zh")).toMatchObject({ status: 200, body: { state: { status: "open" } } });
  });

  it("answers field errors with 422 and keeps what was typed", async () => {
    const request = formPost("/api-products/econ/sandbox", { name: "Ada", email: "nope" });
    const refused = await outcome(await answer(() => productPage.action({ request, params: sandboxParams, context })));
    expect(refused.status).toBe(422);
    expect(refused.body.fieldErrors).toMatchObject({
      surname: "validation.required",
      email: "validation.email",
      consent: "sandbox.errors.consent",
      captcha: "sandbox.errors.captcha",
    });
    expect(refused.body.repopulateFields).toMatchObject({ name: "Ada" });
  });
});

describe("the text challenge", () => {
  it("refuses a wrong answer and a reused challenge with the captcha message, storing nothing", async () => {
    const wrong = await registerOnPage("wrong@example.com", answeredChallenge(false));
    expect([wrong.status, wrong.body.fieldErrors]).toEqual([400, { captcha: "sandbox.errors.captchaRetry" }]);

    const challenge = answeredChallenge();
    expect((await registerOnPage("first@example.com", challenge)).status).toBe(302);
    const reused = await registerOnPage("reused@example.com", challenge);
    expect([reused.status, reused.body.fieldErrors]).toEqual([400, { captcha: "sandbox.errors.captchaRetry" }]);

    const forged = await registerOnPage("forged@example.com", { captchaChallenge: "a.b.c.d", captchaAnswer: "7" });
    expect(forged.status).toBe(400);
    const stored = await db
      .selectFrom("sandbox_registrations")
      .select("email")
      .where("email", "in", ["wrong@example.com", "reused@example.com", "forged@example.com"])
      .execute();
    expect(stored).toEqual([]);
  });

  it("takes the answer in words", async () => {
    const challenge = createTextChallenge();
    const words = [
      "zero",
      "one",
      "two",
      "three",
      "four",
      "five",
      "six",
      "seven",
      "eight",
      "nine",
      "ten",
      "eleven",
      "twelve",
      "thirteen",
      "fourteen",
      "fifteen",
      "sixteen",
      "seventeen",
      "eighteen",
    ];
    const registered = await registerOnPage("words@example.com", {
      captchaChallenge: challenge.token,
      captchaAnswer: ` ${words[challenge.a + challenge.b]} `,
    });
    expect(registered.status).toBe(302);
  });
});

describe("rate limits", () => {
  it("allow five registrations an hour from one address, then answer 429 with Retry-After", async () => {
    const address = nextAddress();
    for (let index = 0; index < 5; index += 1) expect((await registerOnPage(`address-${index}@example.com`, {}, address)).status).toBe(302);
    const limited = await registerOnPage("address-5@example.com", {}, address);
    expect(limited.status).toBe(429);
    expect(limited.body.formError).toMatch(/^sandbox\.errors\.rateLimited\|minutes=\d+$/);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Wrong answers spend the address's budget too, so guessing is bounded.
    expect((await registerOnPage("address-6@example.com", answeredChallenge(false), address)).status).toBe(429);
  });

  it("allow three registrations an hour for one e-mail address, counted only after a solved captcha", async () => {
    for (let index = 0; index < 3; index += 1)
      expect((await registerOnPage("Often@Example.com", answeredChallenge(false))).status).toBe(400);
    for (let index = 0; index < 3; index += 1) expect((await registerOnPage("often@example.com")).status).toBe(302);
    const limited = await registerByApi({ ...person("OFTEN@example.com"), consent: true, altcha: await solvedCaptcha() });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(
      /^Too many registrations from this address or for this e-mail address\. Please try again in \d+ minutes\.$/,
    );
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("registering again with the same e-mail address", () => {
  it("while the trial is live, re-sends a link to the same registration with the same expiry; once expired, starts a new trial", async () => {
    const first = await registerByApi({ ...person("again@example.com"), consent: true, altcha: await solvedCaptcha() });
    expect(first.status).toBe(201);
    const firstLink = await accessLink("again@example.com");

    const again = await registerOnPage("Again@Example.com");
    expect(again.status).toBe(302);
    const secondLink = await accessLink("Again@Example.com");
    expect(secondLink.token).not.toBe(firstLink.token);
    const rows = await db
      .selectFrom("sandbox_registrations")
      .selectAll()
      .where("email", "in", ["again@example.com", "Again@Example.com"])
      .execute();
    expect(rows.map((row) => [row.id, row.link_expires_at])).toEqual([[first.body.id, first.body.linkExpiresAt]]);
    // Only the newest link opens the registration: the old token's hash was replaced.
    expect((await exchangeByApi(firstLink.token)).status).toBe(404);

    const byApi = await registerByApi({ ...person("again@example.com"), consent: true, altcha: await solvedCaptcha() });
    const expiry = `${first.body.linkExpiresAt!.slice(0, 10)} ${first.body.linkExpiresAt!.slice(11, 16)} UTC`;
    expect([byApi.status, byApi.body.id, byApi.body.message]).toEqual([
      200,
      first.body.id,
      `You have already registered with again@example.com and your trial is still running: we have sent your access link again. It is valid until ${expiry}.`,
    ]);
    const exchanged = await exchangeByApi((await accessLink("again@example.com")).token);
    expect([exchanged.status, exchanged.body.expiresAt]).toEqual([200, first.body.linkExpiresAt]);
    expect(await db.selectFrom("trial_keys").select("id").where("registration_id", "=", first.body.id!).execute()).toHaveLength(1);

    await db
      .updateTable("sandbox_registrations")
      .set({ link_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", first.body.id!)
      .execute();
    // Three registrations spent the address's hourly budget; an hour later it would be back.
    await clearRateLimit("sandbox:email:again@example.com");
    const fresh = await registerByApi({ ...person("again@example.com"), consent: true, altcha: await solvedCaptcha() });
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).not.toBe(first.body.id);
  });
});

describe("POST /api/econ-sandbox and /api/econ-sandbox-token", () => {
  it("registers with a solved proof of work and exchanges the link's token for the key once", async () => {
    const registered = await registerByApi({ ...person("api@example.com"), consent: true, offers: false, altcha: await solvedCaptcha() });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      message: "Thank you. We have sent your access link to api@example.com. It is valid for 7 days.",
    });
    const { token } = await accessLink("api@example.com");

    const exchanged = await exchangeByApi(token);
    expect(exchanged.status).toBe(200);
    expect(Object.keys(exchanged.body).sort()).toEqual(["expiresAt", "key"]);
    expect(await useTrialKey(exchanged.body.key!)).not.toBeNull();
    expect(await exchangeByApi(token)).toEqual({
      status: 409,
      body: { error: "The trial key of this access link has already been shown." },
    });
  });

  it("answers in Chinese when asked, e-mailing a Chinese link", async () => {
    const registered = await registerByApi({ ...person("api-zh@example.com"), consent: true, altcha: await solvedCaptcha() }, undefined, {
      "Accept-Language": "zh-CN,zh;q=0.9",
    });
    expect([registered.status, registered.body.message]).toEqual([201, "谢谢。我们已将访问链接发送至 api-zh@example.com，有效期为 7 天。"]);
    expect((await accessLink("api-zh@example.com")).url).toContain("/zh/api-products/econ/sandbox/");
  });

  it("refuses a missing or wrong captcha, bad fields and bad bodies with 4xx", async () => {
    const missing = await registerByApi({ ...person("api-none@example.com"), consent: true });
    expect([missing.status, missing.body]).toEqual([422, { errors: { captcha: "Please complete the reCAPTCHA verification." } }]);
    const wrong = await registerByApi({ ...person("api-wrong@example.com"), consent: true, altcha: Buffer.from("{}").toString("base64") });
    expect([wrong.status, wrong.body]).toEqual([
      400,
      { error: "The verification failed, has expired or was already used. Please verify again and register." },
    ]);
    const fields = await registerByApi({ consent: "yes", altcha: "x" });
    expect(fields.status).toBe(422);
    expect(fields.body.errors).toMatchObject({
      name: "Please fill out this field.",
      consent: "Please agree to the storage of your personal data to register.",
    });

    const text = await registerApi({
      request: new Request("http://localhost/api/econ-sandbox", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "x" }),
      params: {},
      context,
    });
    expect(text.status).toBe(415);
    const notJson = await registerApi({
      request: new Request("http://localhost/api/econ-sandbox", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{",
      }),
      params: {},
      context,
    });
    expect(notJson.status).toBe(400);
  });

  it("[security3-N13] takes no answer to the page's text question: a script reads it as easily as a person", async () => {
    const byApi = await registerByApi({ ...person("api-text@example.com"), consent: true, ...answeredChallenge() });
    expect([byApi.status, byApi.body]).toEqual([
      400,
      { error: "The verification failed, has expired or was already used. Please verify again and register." },
    ]);
    const zh = await registerByApi({ ...person("api-text-zh@example.com"), consent: true, ...answeredChallenge() }, undefined, {
      "Accept-Language": "zh-CN",
    });
    expect([zh.status, zh.body]).toEqual([400, { error: "验证失败、已过期或已被使用。请重新验证后再注册。" }]);
    const stored = await db
      .selectFrom("sandbox_registrations")
      .select("id")
      .where("email", "in", ["api-text@example.com", "api-text-zh@example.com"])
      .execute();
    expect(stored).toEqual([]);
    // The same kind of answer from the page's form, where the question stands for browsers without JavaScript.
    expect((await registerOnPage("page-text@example.com", answeredChallenge())).status).toBe(302);
  });

  it("answers an unknown token 404, an expired link 410 and a missing token 422", async () => {
    expect(await exchangeByApi("x".repeat(43))).toEqual({ status: 404, body: { error: "This access link is not valid." } });
    expect((await exchangeByApi("not a token")).status).toBe(404);
    expect((await exchangeByApi(undefined)).status).toBe(422);
    expect((await exchangeByApi(42)).status).toBe(422);

    await registerByApi({ ...person("expired@example.com"), consent: true, altcha: await solvedCaptcha() });
    const { token } = await accessLink("expired@example.com");
    await db
      .updateTable("sandbox_registrations")
      .set({ link_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("email", "=", "expired@example.com")
      .execute();
    expect(await exchangeByApi(token)).toEqual({ status: 410, body: { error: "This access link has expired." } });
    expect(await loadAccessPage(token)).toMatchObject({ status: 410, body: { state: { status: "expired" } } });
    expect((await postAccessPage(token)).status).toBe(410);
    expect(await loadAccessPage("y".repeat(43))).toMatchObject({ status: 404, body: { state: { status: "unknown" } } });
    const stored = await db
      .selectFrom("sandbox_registrations")
      .select("key_issued_at")
      .where("email", "=", "expired@example.com")
      .executeTakeFirstOrThrow();
    expect(stored.key_issued_at).toBeNull();
  });
});

describe("the trial cookie", () => {
  it("yields nothing for a tampered, foreign or expired value", async () => {
    const read = (value: string) =>
      readSandboxTrialKey(new Request("http://localhost/", { headers: { Cookie: `${SANDBOX_TRIAL_COOKIE}=${value}` } }));
    expect(await read("v2%3Agarbage")).toBeNull();
    expect(await read("")).toBeNull();

    await registerByApi({ ...person("cookie@example.com"), consent: true, altcha: await solvedCaptcha() });
    const { token } = await accessLink("cookie@example.com");
    const shown = await postAccessPage(token);
    const value = shown.headers.get("Set-Cookie")!.split(";")[0]!.split("=")[1]!;
    const request = new Request("http://localhost/", { headers: { Cookie: `other=1; ${SANDBOX_TRIAL_COOKIE}=${value}` } });
    expect(await readSandboxTrialKey(request)).toMatch(/^sbx_/);
    expect(await readSandboxTrialKey(request, new Date(Date.now() + 8 * 24 * 3600_000))).toBeNull();
    const flipped = decodeURIComponent(value).replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect(await read(encodeURIComponent(flipped))).toBeNull();
  });
});

describe("with reCAPTCHA configured", () => {
  /** A loopback stand-in for Google's siteverify: "good-response" passes with the right secret. */
  const calls: URLSearchParams[] = [];
  let mode: "answer" | "down" = "answer";
  const simulator = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      const form = new URLSearchParams(body);
      calls.push(form);
      if (mode === "down") {
        response.statusCode = 502;
        response.end("bad gateway");
        return;
      }
      response.setHeader("Content-Type", "application/json");
      const success = request.method === "POST" && form.get("secret") === "test-secret" && form.get("response") === "good-response";
      response.end(
        JSON.stringify(success ? { success: true, hostname: "localhost" } : { success: false, "error-codes": ["invalid-input-response"] }),
      );
    });
  });
  let modules: {
    registration: typeof import("~/modules/sandbox/registration.server");
    form: typeof import("~/modules/sandbox/registration-form.server");
    schema: typeof import("~/modules/sandbox/registration-schema");
    store: typeof import("~/modules/captcha/captcha-store.server");
    db: typeof db;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => simulator.listen(0, "127.0.0.1", resolve));
    const { port } = simulator.address() as AddressInfo;
    vi.resetModules();
    Object.assign(process.env, {
      RECAPTCHA_SITE_KEY: "test-site-key",
      RECAPTCHA_SECRET_KEY: "test-secret",
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    });
    try {
      modules = {
        registration: await import("~/modules/sandbox/registration.server"),
        form: await import("~/modules/sandbox/registration-form.server"),
        schema: await import("~/modules/sandbox/registration-schema"),
        store: await import("~/modules/captcha/captcha-store.server"),
        db: (await import("~/modules/db/db.server")).db,
      };
    } finally {
      for (const name of ["RECAPTCHA_SITE_KEY", "RECAPTCHA_SECRET_KEY", "RECAPTCHA_VERIFY_URL"]) delete process.env[name];
    }
  });

  afterAll(async () => {
    await modules.db.destroy();
    await new Promise<void>((resolve) => simulator.close(() => resolve()));
  });

  const register = (email: string, captcha: Record<string, string>, channel: "form" | "api" = "form") =>
    modules.registration.registerForSandbox(
      modules.schema.sandboxRegistrationSchema.parse({ ...person(email), consent: true, ...captcha }),
      {
        clientAddress: nextAddress(),
        channel,
        language: "en",
      },
    );

  it("hands the form the site key", async () => {
    expect((await modules.form.sandboxFormData(new Request("http://localhost/api-products/econ/sandbox"))).recaptchaSiteKey).toBe(
      "test-site-key",
    );
  });

  it("checks the widget's response with the verification service, with the secret and the client address", async () => {
    expect(await register("recaptcha@example.com", { "g-recaptcha-response": "good-response" })).toMatchObject({ status: "registered" });
    expect(Object.fromEntries(calls.at(-1)!)).toMatchObject({
      secret: "test-secret",
      response: "good-response",
      remoteip: expect.stringMatching(/^198\.18\./),
    });
    expect(await register("recaptcha-bad@example.com", { "g-recaptcha-response": "bad-response" })).toEqual({
      status: "captcha-invalid",
      recaptcha: true,
    });
  });

  it("no longer takes the proof of work, but still the text challenge shown without JavaScript", async () => {
    const callsBefore = calls.length;
    expect(await register("recaptcha-altcha@example.com", { altcha: await solvedCaptcha() })).toEqual({
      status: "captcha-invalid",
      recaptcha: true,
    });
    const challenge = modules.store.createTextChallenge();
    const text = { captchaChallenge: challenge.token, captchaAnswer: String(challenge.a + challenge.b) };
    expect(await register("recaptcha-text@example.com", text)).toMatchObject({ status: "registered" });
    expect(calls.length).toBe(callsBefore);
  });

  it("[security3-N13] refuses the text question through the JSON API, naming reCAPTCHA as SPEC words it", async () => {
    const challenge = modules.store.createTextChallenge();
    const text = { captchaChallenge: challenge.token, captchaAnswer: String(challenge.a + challenge.b) };
    expect(await register("recaptcha-api-text@example.com", text, "api")).toEqual({ status: "captcha-invalid", recaptcha: true });
  });

  it("answers 503 while the verification service fails, and registers nothing", async () => {
    mode = "down";
    try {
      expect(await register("recaptcha-down@example.com", { "g-recaptcha-response": "good-response" })).toEqual({
        status: "captcha-unavailable",
      });
    } finally {
      mode = "answer";
    }
    const stored = await db.selectFrom("sandbox_registrations").select("id").where("email", "=", "recaptcha-down@example.com").execute();
    expect(stored).toEqual([]);
  });
});
