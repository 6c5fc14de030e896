import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { createAccount, signInToken, type TestAccount } from "./support/accounts";
import { e2eDatabaseFile, e2eDataDir } from "../../playwright.config";

/** A produced dump file of the account, as the worker records it. */
function storeFile(account: TestAccount, content: string): string {
  const database = new Database(path.resolve(e2eDatabaseFile));
  try {
    const { id: userId } = database.prepare("select id from users where email = ?").get(account.email) as { id: string };
    const id = randomUUID();
    const relative = path.join("files", userId, `${id}.json`);
    fs.mkdirSync(path.resolve(e2eDataDir, "files", userId), { recursive: true });
    fs.writeFileSync(path.resolve(e2eDataDir, relative), content);
    const now = new Date();
    database
      .prepare(
        "insert into files (id, user_id, product, dump_id, feed_run_id, format, filename, path, size, items, created_at, expires_at, purged_at) values (?, ?, 'macroeconomic', null, null, 'json', 'gdp-2026-11-22.json', ?, ?, 1, ?, ?, null)",
      )
      .run(id, userId, relative, Buffer.byteLength(content), now.toISOString(), new Date(now.getTime() + 30 * 86_400_000).toISOString());
    return id;
  } finally {
    database.close();
  }
}

test("a dump file downloads for its owner and an admin only", async ({ request }) => {
  const owner = await createAccount({ products: ["macroeconomic"] });
  const other = await createAccount({ products: ["macroeconomic"] });
  const admin = await createAccount({ isAdmin: true });
  const content = JSON.stringify({ dump: { id: "d1" }, series: [{ id: "S1" }] });
  const fileId = storeFile(owner, content);

  expect((await request.get(`/api/files/${fileId}`, { headers: { Cookie: "" } })).status()).toBe(401);
  const ownerResponse = await request.get(`/api/files/${fileId}`, {
    headers: { Authorization: `Bearer ${await signInToken(request, owner)}` },
  });
  expect(ownerResponse.status()).toBe(200);
  expect(ownerResponse.headers()["content-type"]).toContain("application/json");
  expect(ownerResponse.headers()["content-disposition"]).toBe('attachment; filename="gdp-2026-11-22.json"');
  expect(await ownerResponse.text()).toBe(content);

  const otherResponse = await request.get(`/api/files/${fileId}`, {
    headers: { Authorization: `Bearer ${await signInToken(request, other)}` },
  });
  expect(otherResponse.status()).toBe(404);
  const adminResponse = await request.get(`/api/files/${fileId}`, {
    headers: { Authorization: `Bearer ${await signInToken(request, admin)}` },
  });
  expect(adminResponse.status()).toBe(200);
  const missing = await request.get(`/api/files/${randomUUID()}`, {
    headers: { Authorization: `Bearer ${await signInToken(request, owner)}` },
  });
  expect(missing.status()).toBe(404);
});
