import { expect, type Page } from "@playwright/test";
import { solvedCaptcha } from "./support/contact-client";
import { e2eDb, uniqueEmail } from "./support/database";
import { field, javaScriptEnabled, open } from "./support/pages";
import { test } from "./support/test";

type Fill = { text?: Record<string, string>; select?: Record<string, string> };

const forms: Record<string, { title: string; required: string[]; fill: (email: string) => Fill }> = {
  "general-inquiry": {
    title: "General inquiry",
    required: ["Name", "Subject", "Text"],
    fill: (email) => ({
      text: { Name: "Ada Lovelace", Email: email, Subject: "Vintages", Text: "Do you keep point-in-time vintages?" },
      select: { "SDK used": "Python" },
    }),
  },
  "report-bug": {
    title: "Report a bug",
    required: ["Name", "Subject", "Text", "API product"],
    fill: (email) => ({
      text: {
        Name: "Linus",
        Email: email,
        Subject: "Cursor never ends",
        Text: "The cursor keeps returning items.",
        "Steps to reproduce": "Open a cursor with cursor=* and follow cursor_id.",
      },
      select: { "API product": "Company API" },
    }),
  },
  "request-feature": {
    title: "Request a feature",
    required: ["Name", "Subject", "Text"],
    fill: (email) => ({
      text: { Name: "Grace", Email: email, Subject: "Weekly feeds for documents", Text: "Please add weekly.", "Use case": "Digest" },
    }),
  },
  "business-inquiry": {
    title: "Business inquiry",
    required: ["First Name", "Last Name", "Company Name", "Job Function", "City", "Country", "Phone Number", "API product"],
    fill: (email) => ({
      text: {
        "First Name": "Katherine",
        "Last Name": "Johnson",
        Email: email,
        "Company Name": "Orbital Analytics",
        "Job Function": "Head of data",
        City: "Hampton",
        "Phone Number": "+1 757 555 0101",
      },
      select: { Country: "United States", "API product": "Fund Flows API" },
    }),
  },
};

function messagesFrom(email: string) {
  return e2eDb().selectFrom("contact_messages").select(["id", "kind"]).where("email", "=", email).execute();
}

async function fillForm(page: Page, fill: Fill) {
  for (const [label, value] of Object.entries(fill.text ?? {})) {
    await field(page, label).fill(value);
  }
  for (const [label, value] of Object.entries(fill.select ?? {})) {
    await field(page, label).selectOption({ label: value });
  }
}

/**
 * Sends the form. With JavaScript the widget holds back a post (with an alert) until its proof of work is done,
 * as it does for a person, so the test waits for it as a person would on a slow machine.
 */
async function submit(page: Page, label = "Send") {
  if (javaScriptEnabled()) await expect(page.locator(".altcha[data-state]")).toHaveAttribute("data-state", "verified", { timeout: 20_000 });
  await page.getByRole("button", { name: label }).click();
  if (!javaScriptEnabled()) await page.waitForLoadState("load");
}

/** One page load per form: an empty post, then the typed values with a bad address, then a good address. */
for (const [kind, form] of Object.entries(forms)) {
  test(`${form.title}: every required field is asked for, a bad e-mail address keeps the typed values, a valid post is stored`, async ({
    page,
  }) => {
    await open(page, `/contact/${kind}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(form.title);
    await submit(page);
    for (const label of [...form.required, "Email"]) {
      const id = await field(page, label).getAttribute("id");
      await expect(page.locator(`#${id}-error`), `error under ${label}`).toHaveText("Please fill out this field.");
    }

    const fill = form.fill("not-an-address");
    await fillForm(page, fill);
    await submit(page);
    await expect(page.locator("#field-email-error")).toHaveText("Please enter a valid e-mail address.");
    for (const [label, value] of Object.entries(fill.text ?? {})) {
      await expect(field(page, label)).toHaveValue(value);
    }
    expect(await messagesFrom("not-an-address")).toHaveLength(0);

    const email = uniqueEmail(kind);
    await fillForm(page, form.fill(email));
    await submit(page);
    await expect(page).toHaveURL(/\/contact\/sent$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message sent");
    await expect(page.getByTestId("contact-sent")).toContainText("Thank you. Your message has been sent; we reply within one hour.");
    await expect(page.getByTestId("contact-sent")).toContainText(`We answer by e-mail at ${email}.`);
    expect((await messagesFrom(email)).map((row) => row.kind)).toEqual([kind]);
    expect(await e2eDb().selectFrom("outbox").select("id").where("reply_to", "=", email).execute()).toHaveLength(1);
  });
}

test("messages and notifications are in Chinese under /zh", async ({ page }) => {
  await open(page, "/zh/contact/general-inquiry");
  await submit(page, "发送");
  await expect(page.getByText("请填写此字段。").first()).toBeVisible();
  const email = uniqueEmail("zh");
  await fillForm(page, { text: { 姓名: "李雷", 电子邮箱: email, 主题: "试用", 内容: "如何申请沙盒？" } });
  await submit(page, "发送");
  await expect(page).toHaveURL(/\/zh\/contact\/sent$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("消息已发送");
  await expect(page.getByTestId("contact-sent")).toContainText("谢谢。您的消息已发送，我们将在一小时内回复。");
  await expect(page.getByTestId("contact-sent")).toContainText(`我们将通过电子邮件回复至 ${email}。`);
});

test("the sixth message from one address within an hour is refused and keeps the values", async ({ page }) => {
  const email = uniqueEmail("limit");
  const form = { name: "Busy", email, subject: "Again", text: "Another question" };
  for (let attempt = 0; attempt < 5; attempt++) {
    const altcha = await solvedCaptcha(page.request);
    const response = await page.request.post("/contact/general-inquiry", { form: { ...form, altcha }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
  }
  await open(page, "/contact/general-inquiry");
  await fillForm(page, { text: { Name: "Busy", Email: email, Subject: "Again", Text: "Another question" } });
  await submit(page);
  await expect(page.getByTestId("form-error")).toHaveText(/^Too many messages from this address. Please try again in \d+ minutes.$/);
  await expect(field(page, "Subject")).toHaveValue("Again");
  expect(await messagesFrom(email)).toHaveLength(5);
});

test.describe("the proof-of-work captcha", () => {
  const unverifiedEvents = async (address: string) => {
    const row = await e2eDb()
      .selectFrom("rate_limits")
      .select("points")
      .where("key", "=", `contact:unverified:${address}`)
      .executeTakeFirst();
    return row?.points ?? 0;
  };

  test("[security-15] with JavaScript the widget solves the challenge and the message is sent verified", async ({
    page,
    clientAddress,
  }) => {
    test.skip(!javaScriptEnabled(), "the widget needs JavaScript");
    const email = uniqueEmail("captcha");
    await open(page, "/contact/general-inquiry");
    await expect(page.getByRole("group", { name: "Verification" })).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Verified" })).toBeChecked({ timeout: 15_000 });
    await expect(page.getByText("Without JavaScript the form cannot verify you")).toHaveCount(0);
    await fillForm(page, { text: { Name: "Widget", Email: email, Subject: "Captcha", Text: "Solved in the browser" } });
    await submit(page);
    await expect(page).toHaveURL(/\/contact\/sent$/);
    expect(await messagesFrom(email)).toHaveLength(1);
    expect(await unverifiedEvents(clientAddress)).toBe(0);
  });

  test("[security-15] without JavaScript the form is sent within the unverified budget and refused beyond it", async ({
    page,
    clientAddress,
  }) => {
    test.skip(javaScriptEnabled(), "without JavaScript there is no widget");
    for (const attempt of [1, 2]) {
      await open(page, "/contact/general-inquiry");
      await expect(
        page.getByText("Without JavaScript the form cannot verify you; a few messages an hour are still accepted."),
      ).toBeVisible();
      await fillForm(page, {
        text: { Name: "No script", Email: uniqueEmail(`nojs-${attempt}`), Subject: "Plain form", Text: "Sent without JavaScript" },
      });
      await submit(page);
      await expect(page).toHaveURL(/\/contact\/sent$/);
    }
    expect(await unverifiedEvents(clientAddress)).toBe(2);
    await open(page, "/contact/general-inquiry");
    await fillForm(page, { text: { Name: "No script", Email: uniqueEmail("nojs-3"), Subject: "Third", Text: "One too many" } });
    await submit(page);
    await expect(page.getByTestId("form-error")).toHaveText(
      /^Too many unverified messages from your network. Please turn on JavaScript so the form can verify you, or try again in \d+ minutes.$/,
    );
    await expect(field(page, "Subject")).toHaveValue("Third");
  });
});
