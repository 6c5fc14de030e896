import { expect, type APIRequestContext } from "@playwright/test";
import { forgedCaptchaPayload } from "../support/forged-captcha";
import { solvedCaptcha } from "./support/contact-client";
import { nowIso } from "../../app/modules/db/ids";
import { e2eDb, newestMailBody, uniqueEmail } from "./support/database";
import { test } from "./support/test";

const person = (email: string) => ({ name: "Ada", surname: "Lovelace", companyName: "AE", jobTitle: "Economist", email, country: "GB" });

/** The token of the access link in the newest mail to `email`. */
async function mailedToken(email: string): Promise<string> {
  const token = /\/api-products\/econ\/sandbox\/([\w-]+)/.exec((await newestMailBody(email)) ?? "")?.[1];
  if (!token) throw new Error(`no access link mailed to ${email}`);
  return token;
}

async function registered(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post("/api/econ-sandbox", {
    data: { ...person(email), consent: true, altcha: await solvedCaptcha(request) },
  });
  expect(response.status()).toBe(201);
  return await mailedToken(email);
}

test("POST /api/econ-sandbox registers and /api/econ-sandbox-token exchanges the link's token for the key once", async ({ request }) => {
  const email = uniqueEmail("sandbox-api");
  const response = await request.post("/api/econ-sandbox", {
    data: { ...person(email), consent: true, offers: true, message: "Hello", altcha: await solvedCaptcha(request) },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { id: string; linkExpiresAt: string; message: string };
  expect(body.message).toBe(`Thank you. We have sent your access link to ${email}. It is valid for 7 days.`);
  expect(await e2eDb().selectFrom("sandbox_registrations").select(["offers", "message"]).where("id", "=", body.id).execute()).toEqual([
    { offers: 1, message: "Hello" },
  ]);

  const token = await mailedToken(email);
  const exchanged = await request.post("/api/econ-sandbox-token", { data: { token } });
  expect([exchanged.status(), exchanged.headers()["cache-control"]]).toEqual([200, "no-store"]);
  const issued = (await exchanged.json()) as { key: string; expiresAt: string };
  expect(issued).toEqual({ key: expect.stringMatching(/^sbx_[\w-]+$/), expiresAt: body.linkExpiresAt });
  expect(await e2eDb().selectFrom("trial_keys").select("hint").where("registration_id", "=", body.id).execute()).toHaveLength(1);

  const again = await request.post("/api/econ-sandbox-token", { data: { token } });
  expect([again.status(), await again.json()]).toEqual([409, { error: "The trial key of this access link has already been shown." }]);
});

test("an unknown token is 404, an expired link 410, a missing token 422", async ({ request }) => {
  const unknown = await request.post("/api/econ-sandbox-token", { data: { token: "x".repeat(43) } });
  expect([unknown.status(), await unknown.json()]).toEqual([404, { error: "This access link is not valid." }]);
  expect((await request.post("/api/econ-sandbox-token", { data: {} })).status()).toBe(422);

  const email = uniqueEmail("sandbox-api-expired");
  const token = await registered(request, email);
  await e2eDb()
    .updateTable("sandbox_registrations")
    .set({ link_expires_at: nowIso(new Date(Date.now() - 1000)) })
    .where("email", "=", email)
    .execute();
  const expired = await request.post("/api/econ-sandbox-token?lang=zh", { data: { token } });
  expect([expired.status(), await expired.json()]).toEqual([410, { error: "此访问链接已过期。" }]);
});

test("[security3-N13] the JSON API takes no answer to the page's text question, which a script reads as easily as a person", async ({
  request,
}) => {
  // What the review's script did: read the question and its signed token from the page, answer, post JSON.
  const html = await (await request.get("/api-products/econ/sandbox", { headers: { "X-Forwarded-For": "198.18.13.1" } })).text();
  const token = /name="captchaChallenge"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="captchaChallenge"/
    .exec(html)
    ?.slice(1)
    .find(Boolean);
  const [, a = "", b = ""] = /What is (\w+) plus (\w+)\?/.exec(html) ?? [];
  const words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
  expect(token && words.includes(a) && words.includes(b)).toBeTruthy();
  const email = uniqueEmail("sandbox-text-api");
  const scripted = await request.post("/api/econ-sandbox", {
    data: { ...person(email), consent: true, captchaChallenge: token, captchaAnswer: String(words.indexOf(a) + words.indexOf(b)) },
    headers: { "X-Forwarded-For": "198.18.13.1" },
  });
  expect([scripted.status(), await scripted.json()]).toEqual([
    400,
    { error: "The verification failed, has expired or was already used. Please verify again and register." },
  ]);
  expect(await e2eDb().selectFrom("sandbox_registrations").select("id").where("email", "=", email).execute()).toEqual([]);
});

test("a missing or forged captcha and bad fields are refused with 4xx, in English and Chinese", async ({ request }) => {
  const missing = await request.post("/api/econ-sandbox", { data: { ...person(uniqueEmail("none")), consent: true } });
  expect([missing.status(), await missing.json()]).toEqual([422, { errors: { captcha: "Please complete the reCAPTCHA verification." } }]);
  const forged = await request.post("/api/econ-sandbox?lang=zh", {
    data: { ...person(uniqueEmail("forged")), consent: true, altcha: forgedCaptchaPayload },
  });
  expect([forged.status(), await forged.json()]).toEqual([400, { error: "验证失败、已过期或已被使用。请重新验证后再注册。" }]);
  const fields = await request.post("/api/econ-sandbox", { data: { email: "nope", country: "XX", altcha: forgedCaptchaPayload } });
  expect(fields.status()).toBe(422);
  expect(((await fields.json()) as { errors: Record<string, string> }).errors).toMatchObject({
    name: "Please fill out this field.",
    email: "Please enter a valid e-mail address.",
    country: "Please choose one of the listed options.",
    consent: "Please agree to the storage of your personal data to register.",
  });
  expect((await request.post("/api/econ-sandbox", { headers: { "Content-Type": "text/plain" }, data: "hello" })).status()).toBe(415);
  expect((await request.get("/api/econ-sandbox")).status()).toBe(405);
  expect((await request.get("/api/econ-sandbox-token")).status()).toBe(405);
});

test("the sixth registration from one address within an hour is answered 429 with Retry-After", async ({ request }) => {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const refused = await request.post("/api/econ-sandbox", {
      data: { ...person(uniqueEmail("busy")), consent: true, altcha: forgedCaptchaPayload },
    });
    expect(refused.status()).toBe(400);
  }
  const limited = await request.post("/api/econ-sandbox", {
    data: { ...person(uniqueEmail("busy")), consent: true, altcha: forgedCaptchaPayload },
  });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  expect(((await limited.json()) as { error: string }).error).toMatch(
    /^Too many registrations from this address or for this e-mail address\. Please try again in \d+ minutes\.$/,
  );
});

test("the access link page is never cached and keeps its token from other sites' Referer", async ({ request }) => {
  const token = await registered(request, uniqueEmail("sandbox-headers"));
  const page = await request.get(`/api-products/econ/sandbox/${token}`);
  expect(page.status()).toBe(200);
  expect(page.headers()["cache-control"]).toBe("no-store");
  // After the site-wide policy: browsers follow the last one they know. Same-origin, because a post from a page
  // without any referrer policy would carry `Origin: null`, which the portal refuses as cross-site.
  expect(page.headers()["referrer-policy"]).toMatch(/(^|, )same-origin$/);
  // Opening the page issues nothing: a mail scanner's GET leaves the key to the person.
  expect(
    await e2eDb()
      .selectFrom("sandbox_registrations")
      .select("key_issued_at")
      .where("token_hash", "is not", null)
      .where("email", "like", "sandbox-headers%")
      .execute(),
  ).toEqual([{ key_issued_at: null }]);
});
