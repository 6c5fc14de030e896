import { expect } from "@playwright/test";
import { solvedCaptcha } from "./support/contact-client";
import { e2eDb, uniqueEmail } from "./support/database";
import { forgedCaptchaPayload } from "../support/forged-captcha";
import { test } from "./support/test";

const message = (email: string, altcha?: string) => ({ name: "Script", email, subject: "API", text: "Posted by a program", altcha });

test("[security-15] the JSON API takes two messages without a captcha from one client, then answers 429", async ({ request }) => {
  for (const attempt of [1, 2]) {
    expect((await request.post("/api/form/general-inquiry", { data: message(uniqueEmail(`api-${attempt}`)) })).status()).toBe(201);
  }
  const refused = await request.post("/api/form/general-inquiry", { data: message(uniqueEmail("api-3")) });
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(3000);
  expect(((await refused.json()) as { error: string }).error).toMatch(/^Too many unverified messages from your network/);

  const verifiedEmail = uniqueEmail("api-verified");
  const verified = await request.post("/api/form/general-inquiry", { data: message(verifiedEmail, await solvedCaptcha(request)) });
  expect(verified.status()).toBe(201);
  expect(await e2eDb().selectFrom("contact_messages").select("id").where("email", "=", verifiedEmail).execute()).toHaveLength(1);
});

test("[security-15] the JSON API refuses a forged captcha in English and Chinese", async ({ request }) => {
  const english = await request.post("/api/form/general-inquiry", { data: message(uniqueEmail("forged"), forgedCaptchaPayload) });
  expect(english.status()).toBe(400);
  expect(await english.json()).toEqual({ error: "The verification failed or has expired. Please verify again and send the message." });
  const chinese = await request.post("/api/form/general-inquiry?lang=zh", {
    data: message(uniqueEmail("forged-zh"), forgedCaptchaPayload),
  });
  expect(chinese.status()).toBe(400);
  expect(await chinese.json()).toEqual({ error: "验证失败或已过期。请重新验证后再发送消息。" });
});

test("[security-15] a reused captcha solution is refused with a form error", async ({ request }) => {
  const altcha = await solvedCaptcha(request);
  const form = { name: "Replay", subject: "Replay", text: "Same solution twice", altcha };
  const first = await request.post("/contact/general-inquiry", { form: { ...form, email: uniqueEmail("replay-1") }, maxRedirects: 0 });
  expect(first.status()).toBe(302);
  const again = await request.post("/contact/general-inquiry", { form: { ...form, email: uniqueEmail("replay-2") }, maxRedirects: 0 });
  expect(again.status()).toBe(400);
  expect(await again.text()).toContain("This verification has already been used.");
});

test("GET /api/captcha/challenge serves a fresh signed challenge that is never cached", async ({ request }) => {
  const first = await request.get("/api/captcha/challenge");
  expect(first.status()).toBe(200);
  expect(first.headers()["cache-control"]).toBe("no-store");
  const challenge = (await first.json()) as { algorithm: string; salt: string; signature: string };
  expect(challenge.algorithm).toBe("SHA-256");
  expect(challenge.salt).toMatch(/expires=\d+/);
  expect(((await (await request.get("/api/captcha/challenge")).json()) as { signature: string }).signature).not.toBe(challenge.signature);
});
