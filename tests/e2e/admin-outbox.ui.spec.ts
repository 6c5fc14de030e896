import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { e2eDb } from "./support/database";
import { field, open } from "./support/pages";
import { test } from "./support/test";

const screen = "/dashboard/admin/outbox";

async function signInAdmin(page: Page) {
  await signInPage(page, await createAccount({ isAdmin: true }));
}

interface Mail {
  id: string;
  created: string;
  recipient: string;
  subject: string;
  body: string;
  status: "stored" | "sent" | "failed";
}

function outboxRow({ id, created, recipient, subject, body, status }: Mail) {
  return {
    id,
    created_at: created,
    recipient,
    reply_to: "reply@example.com",
    subject,
    body,
    status,
    attempts: status === "stored" ? 0 : 1,
    last_error: status === "failed" ? "connect ECONNREFUSED 192.0.2.1:25" : null,
    sent_at: status === "sent" ? created : null,
  };
}

async function insertMails(mails: Mail[]) {
  await e2eDb().insertInto("outbox").values(mails.map(outboxRow)).execute();
}

test.describe("outbox", () => {
  test("a password reset the visitor asks for waits in the outbox, its body as plain text", async ({ page }) => {
    const account = await createAccount({ products: ["macroeconomic"] });
    await open(page, "/reset-password");
    await field(page, "Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByTestId("reset-sent")).toBeVisible();

    await signInAdmin(page);
    await open(page, screen);
    await expect(page.getByTestId("outbox-delivery")).toContainText("SMTP is not configured");
    const filters = page.getByRole("search", { name: "Filter the outbox" });
    await filters.getByLabel("Recipient").fill(account.email.toUpperCase());
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=all&recipient=USER-/);
    // A background job writes the mail: filter again until it is there.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("outbox-row")).toHaveCount(1, { timeout: 1000 });
    }).toPass();
    await page.getByRole("link", { name: "Reset your Developer Portal password" }).click();
    await expect(page).toHaveURL(/\?id=[0-9a-f-]{36}$/);
    const message = page.getByTestId("outbox-message");
    await expect(message.getByRole("row", { name: /^To / })).toContainText(account.email);
    await expect(message.getByRole("row", { name: "Status" })).toContainText("Stored");
    await expect(message.getByRole("row", { name: "Attempts" })).toContainText("0");
    await expect(message.getByRole("row", { name: "Sent at" })).toContainText("—");
    await expect(page.getByTestId("outbox-body")).toContainText(
      /Open this link within one hour to choose a new password: http:\/\/\S+\/reset-password\/\S+/,
    );
  });

  test("filters by status and recipient, and shows a failed message's error and markup as text", async ({ page }) => {
    const marker = randomUUID().slice(0, 8);
    const recipient = (name: string) => `${name}-${marker}@example.com`;
    const mails: Mail[] = [
      {
        id: randomUUID(),
        created: "2001-01-01T10:00:00.000Z",
        recipient: recipient("ann"),
        subject: `Sent ${marker}`,
        body: "sent",
        status: "sent",
      },
      {
        id: randomUUID(),
        created: "2001-01-02T10:00:00.000Z",
        recipient: recipient("bob"),
        subject: `<i>Failed</i> ${marker}`,
        body: 'Hello <b>Bob</b>,\n<img src=x onerror="document.title=1">\nBye',
        status: "failed",
      },
      {
        id: randomUUID(),
        created: "2001-01-03T10:00:00.000Z",
        recipient: recipient("ann"),
        subject: `Stored ${marker}`,
        body: "stored",
        status: "stored",
      },
    ];
    await insertMails(mails);

    await signInAdmin(page);
    await open(page, screen);
    const filters = page.getByRole("search", { name: "Filter the outbox" });
    const shown = () => page.getByTestId("outbox-table").getByTestId("outbox-row");

    await filters.getByLabel("Recipient").fill(marker);
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`recipient=${marker}$`));
    await expect(shown()).toHaveCount(3);
    await expect(shown().first()).toContainText(`Stored ${marker}`);
    await expect(page.getByTestId("outbox-showing")).toHaveCount(0);

    await filters.getByLabel("Status").selectOption("sent");
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(new RegExp(`status=sent&recipient=${marker}$`));
    await expect(shown()).toHaveCount(1);
    await expect(shown()).toContainText(`Sent ${marker}`);

    await filters.getByLabel("Status").selectOption("failed");
    await filters.getByLabel("Recipient").fill(`bob-${marker}`);
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(shown()).toHaveCount(1);
    await expect(shown()).toContainText("Failed");
    await page.getByRole("link", { name: `<i>Failed</i> ${marker}` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?id=${mails[1]!.id}$`));
    const message = page.getByTestId("outbox-message");
    await expect(message.getByRole("row", { name: "Last error" })).toContainText("connect ECONNREFUSED 192.0.2.1:25");
    await expect(message.getByRole("row", { name: "Reply-to" })).toContainText("reply@example.com");
    await expect(message.getByRole("row", { name: "Attempts" })).toContainText("1");
    await expect(page.getByTestId("outbox-body")).toHaveText('Hello <b>Bob</b>,\n<img src=x onerror="document.title=1">\nBye');
    await expect(page.getByTestId("outbox-body").locator("b, img")).toHaveCount(0);
    await expect(message.locator("i")).toHaveCount(0);
    expect(await page.title()).not.toBe("1");
  });

  test("shows the latest 100 and says how many match", async ({ page }) => {
    const marker = randomUUID().slice(0, 8);
    // One insert writes the 101 rows: ids are UUIDs whose last group counts them.
    const prefix = randomUUID().slice(0, 24);
    const two = (value: number) => String(value).padStart(2, "0");
    await insertMails(
      Array.from({ length: 101 }, (_, index) => {
        const i = index + 1;
        return {
          id: `${prefix}${String(i).padStart(12, "0")}`,
          created: `2002-01-01T00:${two(Math.floor(i / 60))}:${two(i % 60)}.000Z`,
          recipient: `bulk-${marker}@example.com`,
          subject: `Bulk ${i}`,
          body: "bulk",
          status: "stored",
        };
      }),
    );
    await signInAdmin(page);
    await open(page, `${screen}?recipient=bulk-${marker}`);
    await expect(page.getByTestId("outbox-row")).toHaveCount(100);
    await expect(page.getByTestId("outbox-showing")).toHaveText("Showing the latest 100 of 101 messages.");
    await expect(page.getByTestId("outbox-row").first()).toContainText("Bulk 101");
    await expect(page.getByRole("link", { name: "Bulk 2", exact: true })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Bulk 1", exact: true })).toHaveCount(0);
  });

  test("bad filters and ids are 400 with their message, an unknown id 404", async ({ page }) => {
    await signInAdmin(page);
    await open(page, `${screen}?status=queued`, 400);
    await expect(page.getByText("Please choose one of the listed options.")).toBeVisible();
    await expect(page.getByTestId("no-records")).toBeVisible();
    await open(page, `${screen}?recipient=${"a".repeat(255)}`, 400);
    await expect(page.getByText("Please use at most 254 characters.")).toBeVisible();
    await open(page, `${screen}?id=12345`, 400);
    await expect(page.getByTestId("lookup-error")).toHaveText("Invalid ID");
    await open(page, `${screen}?id=${randomUUID()}`, 404);
    await expect(page.getByTestId("lookup-error")).toHaveText("No message has been found for this ID.");
  });

  test("is the 404 page for visitors and subscribers, and speaks Chinese under /zh", async ({ page }) => {
    await open(page, screen, 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await signInPage(page, await createAccount({ products: ["macroeconomic", "company", "documents", "intelligence"] }));
    await open(page, screen, 404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");

    await page.context().clearCookies();
    const marker = randomUUID().slice(0, 8);
    const id = randomUUID();
    await insertMails([
      {
        id,
        created: "2003-01-01T00:00:00.000Z",
        recipient: `zh-${marker}@example.com`,
        subject: `主题 ${marker}`,
        body: "正文",
        status: "failed",
      },
    ]);
    await signInAdmin(page);
    await open(page, `/zh${screen}?recipient=zh-${marker}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("发件箱");
    await expect(page.getByTestId("outbox-delivery")).toContainText("未配置 SMTP");
    await expect(page.getByRole("search", { name: "筛选发件箱" }).getByLabel("收件人地址")).toHaveValue(`zh-${marker}`);
    await expect(page.getByTestId("outbox-row")).toContainText("发送失败");
    await page.getByRole("link", { name: `主题 ${marker}` }).click();
    await expect(page).toHaveURL(new RegExp(`/zh${screen}\\?id=${id}$`));
    await expect(page.getByTestId("outbox-message").getByRole("row", { name: "最近错误" })).toContainText("ECONNREFUSED");
    await open(page, `/zh${screen}?id=${randomUUID()}`, 404);
    await expect(page.getByTestId("lookup-error")).toHaveText("未找到此编号对应的邮件。");
  });
});
