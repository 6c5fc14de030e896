import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_USER, deleteAccount } from "~/modules/accounts/delete-account.server";
import { picturePath } from "~/modules/auth/profile.server";
import { createSession } from "~/modules/auth/session.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { createDump } from "~/modules/feeds/dumps.server";
import { absoluteFilePath } from "~/modules/feeds/files.server";
import { outputOptionsSchema } from "~/modules/feeds/model";
import type { Worker } from "~/modules/jobs/worker.server";
import { startEngine } from "~/modules/server/engine.server";
import { insertMacroSubscriber, insertSubscriber } from "../support/subscribers";
import { waitFor } from "../support/wait";

const selection = { criteria: "{}", options: "{}", delivery: "{}", notification: "{}" };

/** An account with one of everything deleting it must remove or anonymise, and a running dump. */
async function accountWithEverything(label: string) {
  const user = await insertSubscriber({ label, platforms: ["econ"], products: ["macroeconomic", "company"] });
  const now = nowIso();
  await createSession(user.id, "econ");
  await db
    .insertInto("api_keys")
    .values({
      id: newId(),
      user_id: user.id,
      platform: "econ",
      key_hash: newId(),
      hint: "ab…cd",
      created_at: now,
      last_used_at: null,
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  await db
    .insertInto("password_resets")
    .values({ token_hash: newId(), user_id: user.id, created_at: now, expires_at: now, used_at: null })
    .execute();
  const feedId = newId();
  await db
    .insertInto("feeds")
    .values({
      id: feedId,
      user_id: user.id,
      product: "macroeconomic",
      name: "GDP",
      frequency: "daily",
      status: "active",
      ...selection,
      created_at: now,
      updated_at: now,
      deleted_at: null,
      next_run_at: null,
      last_run_at: null,
      last_success_at: null,
      last_run_status: null,
    })
    .execute();
  const dumpId = newId();
  const jobId = newId();
  await db
    .insertInto("dumps")
    .values({
      id: dumpId,
      user_id: user.id,
      product: "macroeconomic",
      feed_id: null,
      name: "All",
      ...selection,
      status: "running",
      job_id: jobId,
      estimated_end_at: null,
      error: null,
      created_at: now,
      updated_at: now,
      started_at: now,
      finished_at: null,
    })
    .execute();
  await db
    .insertInto("jobs")
    .values({
      id: jobId,
      kind: "run-dump",
      payload: JSON.stringify({ dumpId }),
      status: "running",
      run_at: now,
      max_attempts: 3,
      concurrency_key: null,
      unique_key: null,
      locked_by: "worker",
      // Leased for an hour by a worker elsewhere, so this file's own worker leaves it alone.
      locked_until: nowIso(new Date(Date.now() + 3_600_000)),
      last_error: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    .execute();
  const relative = path.join("files", user.id, `${dumpId}.json`);
  await fs.mkdir(path.dirname(absoluteFilePath(relative)), { recursive: true });
  await fs.writeFile(absoluteFilePath(relative), "[]");
  await db
    .insertInto("files")
    .values({
      id: newId(),
      user_id: user.id,
      product: "macroeconomic",
      dump_id: dumpId,
      feed_run_id: null,
      format: "json",
      filename: "all.json",
      path: relative,
      size: 2,
      items: 0,
      created_at: now,
      // Kept a month, as a produced file is: an expired one is the file purge's to remove, whenever it runs.
      expires_at: nowIso(new Date(Date.now() + 30 * 24 * 3_600_000)),
      purged_at: null,
    })
    .execute();
  await fs.mkdir(path.dirname(picturePath(user.id)), { recursive: true });
  await fs.writeFile(picturePath(user.id), "picture");
  await db.updateTable("users").set({ picture_type: "image/png" }).where("id", "=", user.id).execute();
  const messageId = newId();
  await db
    .insertInto("contact_messages")
    .values({
      id: messageId,
      created_at: now,
      kind: "business-inquiry",
      email: user.email.toUpperCase(),
      name: "Ada Lovelace",
      subject: "Business inquiry from Analytical Engines",
      payload: JSON.stringify({
        firstName: "Ada",
        lastName: "Lovelace",
        email: user.email,
        phoneNumber: "+44 20 7946 0000",
        product: "econ",
        message: "Pricing?",
      }),
    })
    .execute();
  const actionId = newId();
  await db
    .insertInto("admin_actions")
    .values({
      id: actionId,
      created_at: now,
      admin_id: newId(),
      admin_username: "admin",
      action: "feed-delete",
      owner_username: user.username,
      target: feedId,
      details: "{}",
    })
    .execute();
  return { ...user, feedId, dumpId, jobId, relative, messageId, actionId };
}

const count = async (
  table: "sessions" | "api_keys" | "password_resets" | "feeds" | "dumps" | "files" | "subscriptions" | "user_platforms",
  userId: string,
) => (await db.selectFrom(table).select("user_id").where("user_id", "=", userId).execute()).length;

let worker: Worker;

beforeAll(async () => {
  await prepareCatalog();
  worker = startEngine({ pollMs: 50, concurrency: 2, leaseMs: 2_000, retryBaseMs: 50 });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
});

describe("deleting one's account", () => {
  it("removes the account's data and files, keeps contact and audit records without the person, cancels its jobs", async () => {
    const user = await accountWithEverything("delete-me");
    const bystander = await accountWithEverything("bystander");
    expect(await deleteAccount(user.id)).toEqual({ ok: true });

    expect(await db.selectFrom("users").select("id").where("id", "=", user.id).executeTakeFirst()).toBeUndefined();
    for (const table of [
      "sessions",
      "api_keys",
      "password_resets",
      "feeds",
      "dumps",
      "files",
      "subscriptions",
      "user_platforms",
    ] as const) {
      expect(await count(table, user.id), table).toBe(0);
      expect(await count(table, bystander.id), table).toBeGreaterThan(0);
    }
    await expect(fs.access(absoluteFilePath(user.relative))).rejects.toThrow();
    await expect(fs.access(picturePath(user.id))).rejects.toThrow();
    await expect(fs.access(absoluteFilePath(bystander.relative))).resolves.toBeUndefined();
    await expect(fs.access(picturePath(bystander.id))).resolves.toBeUndefined();

    const job = await db.selectFrom("jobs").select("cancel_requested").where("id", "=", user.jobId).executeTakeFirstOrThrow();
    expect(job.cancel_requested).toBe(1);
    const otherJob = await db.selectFrom("jobs").select("cancel_requested").where("id", "=", bystander.jobId).executeTakeFirstOrThrow();
    expect(otherJob.cancel_requested).toBe(0);

    const message = await db.selectFrom("contact_messages").selectAll().where("id", "=", user.messageId).executeTakeFirstOrThrow();
    expect(message).toMatchObject({ email: DELETED_USER, name: DELETED_USER, subject: "Business inquiry" });
    expect(JSON.parse(message.payload)).toEqual({ product: "econ", message: "Pricing?" });
    const action = await db.selectFrom("admin_actions").selectAll().where("id", "=", user.actionId).executeTakeFirstOrThrow();
    expect(action.owner_username).toBe(DELETED_USER);
    const kept = await db.selectFrom("contact_messages").select("name").where("id", "=", bystander.messageId).executeTakeFirstOrThrow();
    expect(kept.name).toBe("Ada Lovelace");
  });

  it("refuses to delete the last admin", async () => {
    const admins = await db.selectFrom("users").select("id").where("is_admin", "=", 1).execute();
    await db.updateTable("users").set({ is_admin: 0 }).where("is_admin", "=", 1).execute();
    try {
      const admin = await insertSubscriber({ label: "last-admin", products: [], admin: true });
      expect(await deleteAccount(admin.id)).toEqual({ ok: false, reason: "lastAdmin" });
      expect(await db.selectFrom("users").select("id").where("id", "=", admin.id).executeTakeFirst()).toBeDefined();
      const second = await insertSubscriber({ label: "second-admin", products: [], admin: true });
      expect(await deleteAccount(admin.id)).toEqual({ ok: true });
      expect(await deleteAccount(second.id)).toEqual({ ok: false, reason: "lastAdmin" });
    } finally {
      for (const { id } of admins) await db.updateTable("users").set({ is_admin: 1 }).where("id", "=", id).execute();
    }
  });

  // Four whole-database dumps in the real worker: past the 20 s default on a loaded 2-core CI machine (seen once).
  it("stops the owner's dumps in the real worker, which goes on with everyone else's", async () => {
    const database = (await getCatalog().econLayout())[0]!.id;
    const dumpOf = async (userId: string, name: string) =>
      createDump(userId, "macroeconomic", {
        name,
        criteria: { database },
        options: outputOptionsSchema.parse({ format: "xml" }),
        delivery: { method: "platform", ftp: null },
        notification: { emails: [], url: null, method: "POST" },
      });
    const owner = await insertMacroSubscriber({ label: "deleted-with-dumps" });
    const dumps = [await dumpOf(owner.id, "First"), await dumpOf(owner.id, "Second"), await dumpOf(owner.id, "Third")];
    await waitFor(
      () => db.selectFrom("dumps").select("status").where("id", "=", dumps[0]!).executeTakeFirstOrThrow(),
      (row) => row.status !== "queued",
    );
    expect(await deleteAccount(owner.id)).toEqual({ ok: true });
    expect(await db.selectFrom("dumps").select("id").where("user_id", "=", owner.id).execute()).toEqual([]);
    const jobs = await waitFor(
      () =>
        db
          .selectFrom("jobs")
          .select(["status"])
          .where("kind", "=", "run-dump")
          .where(sql<boolean>`payload like ${`%${dumps[0]!}%`}`)
          .execute(),
      (rows) => rows.every((row) => row.status !== "running" && row.status !== "queued"),
    );
    expect(jobs).toHaveLength(1);

    const bystander = await insertMacroSubscriber({ label: "after-deletion" });
    const next = await dumpOf(bystander.id, "Still served");
    const finished = await waitFor(
      () => db.selectFrom("dumps").select("status").where("id", "=", next).executeTakeFirstOrThrow(),
      (row) => row.status === "completed" || row.status === "failed",
    );
    expect(finished.status).toBe("completed");
    await waitFor(
      async () =>
        fs.access(absoluteFilePath(`files/${owner.id}`)).then(
          () => false,
          () => true,
        ),
      Boolean,
    );
  }, 60_000);
});
