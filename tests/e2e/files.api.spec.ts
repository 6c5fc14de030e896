import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { nowIso } from "../../app/modules/db/ids";
import { createAccount, signInToken, type TestAccount } from "./support/accounts";
import { e2eDb } from "./support/database";
import { e2eDataDir } from "../../playwright.config";
import { test } from "./support/test";

/** A produced dump file of the account, as the worker records it. */
async function storeFile(account: TestAccount, content: string): Promise<string> {
  const db = e2eDb();
  const { id: userId } = await db.selectFrom("users").select("id").where("email", "=", account.email).executeTakeFirstOrThrow();
  const id = randomUUID();
  const relative = path.join("files", userId, `${id}.json`);
  fs.mkdirSync(path.resolve(e2eDataDir, "files", userId), { recursive: true });
  fs.writeFileSync(path.resolve(e2eDataDir, relative), content);
  const now = new Date();
  await db
    .insertInto("files")
    .values({
      id,
      user_id: userId,
      product: "macroeconomic",
      dump_id: null,
      feed_run_id: null,
      format: "json",
      filename: "gdp-2026-11-22.json",
      path: relative,
      size: Buffer.byteLength(content),
      items: 1,
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + 30 * 86_400_000)),
      purged_at: null,
    })
    .execute();
  return id;
}

test("a dump file downloads for its owner and an admin only", async ({ request }) => {
  const owner = await createAccount({ products: ["macroeconomic"] });
  const other = await createAccount({ products: ["macroeconomic"] });
  const admin = await createAccount({ isAdmin: true });
  const content = JSON.stringify({ dump: { id: "d1" }, series: [{ id: "S1" }] });
  const fileId = await storeFile(owner, content);

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
