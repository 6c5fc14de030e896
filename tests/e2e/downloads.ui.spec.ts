import { expect } from "@playwright/test";
import { open } from "./support/pages";
import { test } from "./support/test";

test(
  "the macroeconomic SDK page lists clients, guides and the specification with working download links",
  { tag: "@no-db" },
  async ({ page }) => {
    await open(page, "/docs/econ/macroeconomic/getting-started/using-sdk");
    const downloads = page.getByRole("region", { name: "Downloads" });
    const clients = downloads.getByRole("table", { name: "SDK clients" });
    await expect(clients.getByRole("rowheader")).toHaveText(["Python", "JavaScript", "PHP"]);
    await expect(downloads.getByRole("table", { name: "Documentation" }).getByRole("rowheader")).toHaveText([
      "Python",
      "JavaScript",
      "PHP",
    ]);
    await expect(downloads.getByRole("table", { name: "Specification" }).getByRole("rowheader")).toHaveText([
      "OpenAPI 3.0 JSON",
      "Swagger 2.0 JSON",
      "Postman collection",
    ]);

    const python = clients.getByRole("link", { name: /^Download Python client, version \d+\.\d+\.\d+$/ });
    await expect(python).toHaveAttribute("href", "/docs/econ/macroeconomic/downloads/macroeconomic_client.py");
    await expect(python).toHaveAttribute("download", "");
    const links = downloads.getByRole("link");
    await expect(links).toHaveCount(9);
    for (const href of await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""))) {
      const response = await page.request.get(href);
      expect(response.status(), href).toBe(200);
      expect(response.headers()["content-disposition"], href).toMatch(/^attachment; filename="/);
    }

    const download = page.waitForEvent("download");
    await downloads.getByRole("link", { name: /^Download OpenAPI 3\.0 JSON/ }).click();
    expect((await download).suggestedFilename()).toBe("openapi.json");
  },
);

test("a set without an SDK page shows its downloads on the overview", { tag: "@no-db" }, async ({ page }) => {
  await open(page, "/docs/econ/sandbox");
  const downloads = page.getByRole("region", { name: "Downloads" });
  await expect(downloads.getByRole("table", { name: "Specification" })).toBeVisible();
  await expect(downloads.getByRole("table", { name: "Documentation" })).toHaveCount(0);
});

test("the fund flows Postman page describes the collection and offers it for download", { tag: "@no-db" }, async ({ page }) => {
  await open(page, "/docs/flows/api-v2/postman-collection");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Postman collection");
  await expect(page.getByTestId("empty-page")).toHaveCount(0);
  await expect(page.getByText(/One folder per API tag \(4 folders\) with \d+ requests in all/)).toBeVisible();
  await expect(page.getByRole("table", { name: "Folders of the collection" }).getByRole("rowheader")).toHaveText([
    "Session",
    "Dictionary",
    "Saved Reports",
    "Report",
  ]);
  await expect(page.getByText("In Postman, choose File → Import.")).toBeVisible();
  const variables = page.getByRole("table", { name: "Variables of the collection" });
  await expect(variables.getByRole("rowheader")).toHaveText(["baseUrl", "apiKey"]);
  await expect(variables).toContainText("Authorization: Bearer {{apiKey}}");

  const button = page.getByRole("link", { name: "Download the Postman collection" });
  await expect(button).toHaveAttribute("href", "/docs/flows/api-v2/downloads/postman-collection.json");
  const download = page.waitForEvent("download");
  await button.click();
  expect((await download).suggestedFilename()).toBe("postman-collection.json");
});

test("the fund flows R pages offer the R client above their text", { tag: "@no-db" }, async ({ page }) => {
  for (const url of ["/docs/flows/api-v2/r/full-guide", "/docs/flows/api-v2/r/quick-examples/generate-report-with-var-filters"]) {
    await open(page, url);
    const button = page.getByRole("link", { name: "Download the R client" });
    await expect(button).toHaveAttribute("href", "/docs/flows/api-v2/downloads/fund_flows_client.R");
    await expect(button).toHaveAttribute("download", "");
    const text = await page.locator("article .markdown, article[data-testid='empty-page'] > p").first().elementHandle();
    const precedesText = await button.evaluate(
      (node, target) => Boolean(target && node.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING),
      text,
    );
    expect(precedesText, url).toBe(true);
  }
  await open(page, "/docs/flows/api-v2/python/full-guide");
  await expect(page.getByRole("link", { name: "Download the R client" })).toHaveCount(0);
});

test("the downloads are labelled in Chinese under /zh and still link the unprefixed files", { tag: "@no-db" }, async ({ page }) => {
  await open(page, "/zh/docs/econ/macroeconomic/getting-started/using-sdk");
  const downloads = page.getByRole("region", { name: "下载" });
  const clients = downloads.getByRole("table", { name: "SDK 客户端" });
  await expect(clients.getByRole("columnheader")).toHaveText(["名称", "版本", "类型", "文件"]);
  await expect(clients.getByRole("link", { name: /^下载 Python 客户端，版本/ })).toHaveAttribute(
    "href",
    "/docs/econ/macroeconomic/downloads/macroeconomic_client.py",
  );
  await expect(downloads.getByRole("table", { name: "规范" })).toBeVisible();

  await open(page, "/zh/docs/flows/api-v2/postman-collection");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Postman 集合");
  await expect(page.getByRole("link", { name: "下载 Postman 集合" })).toHaveAttribute(
    "href",
    "/docs/flows/api-v2/downloads/postman-collection.json",
  );
  await expect(page.getByRole("table", { name: "集合中的文件夹" }).getByRole("rowheader")).toHaveText([
    "会话",
    "数据字典",
    "已保存报告",
    "报告",
  ]);

  await open(page, "/zh/docs/flows/api-v2/r/full-guide");
  await expect(page.getByRole("link", { name: "下载 R 客户端" })).toHaveAttribute(
    "href",
    "/docs/flows/api-v2/downloads/fund_flows_client.R",
  );
});
