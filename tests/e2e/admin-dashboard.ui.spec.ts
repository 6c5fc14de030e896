import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { createAccount, signInPage } from "./support/accounts";
import { nowIso } from "../../app/modules/db/ids";
import { e2eDb } from "./support/database";
import { javaScriptEnabled, open } from "./support/pages";
import { servedPaths, specFile, startPortalProcess, type PortalProcess } from "./support/portal-process";
import { test } from "./support/test";

const dashboardPage = "/dashboard/admin/dashboard";

async function signInAdmin(page: Page): Promise<string> {
  const account = await createAccount({ isAdmin: true });
  await signInPage(page, account);
  return account.email;
}

/** A job of a kind no worker handles, due `minutesAgo` minutes ago: it waits in the queue until removed. */
async function queueWaitingJob(kind: string, minutesAgo: number): Promise<string> {
  const id = randomUUID();
  const runAt = nowIso(new Date(Date.now() - minutesAgo * 60_000));
  await e2eDb()
    .insertInto("jobs")
    .values({
      id,
      kind,
      payload: "{}",
      status: "queued",
      run_at: runAt,
      attempts: 0,
      max_attempts: 1,
      cancel_requested: 0,
      created_at: runAt,
      updated_at: runAt,
    })
    .execute();
  return id;
}

test.describe("admin dashboard", () => {
  test("shows this server and its worker, every queue, and keeps itself current", async ({ page }) => {
    const kind = `e2e-waiting-${randomUUID().slice(0, 8)}`;
    const jobs = [await queueWaitingJob(kind, 3)];
    try {
      await signInAdmin(page);
      await open(page, dashboardPage);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin dashboard");

      const instances = page.getByTestId("instances-table");
      for (const kindOfInstance of ["web", "worker"]) {
        const row = instances.locator(`[data-testid=instance-row][data-kind=${kindOfInstance}]`).filter({ hasText: "this process" });
        await expect(row).toHaveCount(1);
        await expect(row.getByTestId("instance-state")).toHaveText("Live");
        await expect(row).toContainText(kindOfInstance === "web" ? "Web server" : "Worker");
      }

      const queues = page.getByTestId("queues-table");
      await expect(queues.locator("[data-testid=queue-row][data-kind=run-dump]")).toBeVisible();
      const waiting = queues.locator(`[data-testid=queue-row][data-kind=${kind}]`);
      await expect(waiting.getByRole("cell")).toHaveText(["1", "0", "0", "3 min"]);

      // Another job arrives: with JavaScript the page reads itself again; without, the refresh link does.
      jobs.push(await queueWaitingJob(kind, 1));
      if (javaScriptEnabled()) {
        await expect(waiting.getByRole("cell").first()).toHaveText("2", { timeout: 15_000 });
      } else {
        await page.getByRole("link", { name: "Refresh" }).click();
        await expect(waiting.getByRole("cell").first()).toHaveText("2");
      }
      await expect(page).toHaveURL(new RegExp(`${dashboardPage}$`));
    } finally {
      await e2eDb().deleteFrom("jobs").where("id", "in", jobs).execute();
    }
  });

  test.describe("specification reload", () => {
    // Each project reloads a set of its own on a server of its own, so the runs with and without JavaScript never meet.
    let set = "";
    let title = "";
    let spec: ReturnType<typeof specFile>;
    let server: PortalProcess;

    test.beforeAll(async () => {
      [set, title] = javaScriptEnabled() ? ["dealwatch", "Deal Watch API"] : ["fund-flows", "Fund Flows API v2"];
      spec = specFile(set);
      spec.write("wombat");
      server = await startPortalProcess({ DOCS_SPEC_SOURCES: spec.sources });
    });

    test.afterAll(async () => {
      await server?.stop();
      spec?.remove();
    });

    async function reload(page: Page) {
      await page.getByLabel("Specification to reload").selectOption(set);
      await page.getByRole("form", { name: "Reload specifications" }).getByRole("button", { name: "Reload" }).click();
    }

    test("a failed reload keeps the old specification and says so; a good one says what it reloaded; both are audited", async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const email = await signInAdmin(page);
      expect(await servedPaths(server.baseURL, set)).toEqual(["/wombat"]);
      await open(page, `${server.baseURL}${dashboardPage}`);
      const instances = page.getByTestId("instances-table");
      await expect(instances.locator("[data-testid=instance-row][data-kind=web]").filter({ hasText: `:${server.pid}:` })).toContainText(
        "this process",
      );
      await expect(instances.locator("[data-testid=instance-row][data-kind=worker]").first()).not.toContainText("this process");

      spec.writeInvalid();
      await reload(page);
      await expect(page.getByTestId("reload-failure-message")).toHaveText(
        `An error occured while reloading the Swagger Specifications for ${title}.`,
      );
      await expect(page.getByTestId("reload-failure")).toContainText("Not a Swagger 2.0 document");
      expect(await servedPaths(server.baseURL, set)).toEqual(["/wombat"]);
      const audit = page.getByTestId("audit-row").filter({ hasText: email }).first();
      await expect(audit.getByRole("cell")).toHaveText([/\d/, email, "Specification reload", "—", set, "Outcome: failed"]);

      spec.write("numbat");
      await reload(page);
      const toast = page.getByTestId("notification");
      await expect(toast).toContainText(new RegExp(`The ${title} specification has been reloaded \\(version \\d+\\)\\.`));
      await expect(page.getByTestId("reload-failure")).toHaveCount(0);
      expect(await servedPaths(server.baseURL, set)).toEqual(["/numbat"]);
      const version = /version (\d+)/.exec((await toast.textContent()) ?? "")?.[1];
      const row = page.locator(`[data-testid=spec-row][data-set=${set}]`);
      await expect(row.getByTestId("spec-version")).toHaveText(version ?? "?");
      await expect(row.getByTestId("spec-loaded-here")).toHaveText(version ?? "?");
      await expect(row).toContainText(`by ${email}`);
      await expect(audit.getByRole("cell")).toHaveText([/\d/, email, "Specification reload", "—", set, "Outcome: reloaded"]);
    });
  });
});
