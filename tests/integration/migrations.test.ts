import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { database, db } from "~/modules/db/db.server";
import { migrateToLatest } from "~/modules/db/database.server";

describe("migrations", () => {
  it("create every table of the foundation", async () => {
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(["incidents", "contact_messages", "outbox", "rate_limit_events"]));
  });

  it("are idempotent: running them again changes nothing and keeps rows", async () => {
    await db
      .insertInto("incidents")
      .values({ id: "keep-me", created_at: new Date().toISOString(), path: "/", message: "m", query: "", username: null, stacktrace: "s" })
      .execute();
    await migrateToLatest(database);
    const row = await db.selectFrom("incidents").select("id").where("id", "=", "keep-me").executeTakeFirst();
    expect(row?.id).toBe("keep-me");
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(applied.rows.map((migration) => migration.name)).toEqual([
      "0001_foundation",
      "0002_accounts",
      "0003_catalog",
      "0004_jobs",
      "0005_security_accounts",
      "0006_security_feeds",
      "0007_predefined_datasets",
      "0008_subscription_databases",
      "0009_admin_audit",
      "0010_instances_and_spec_versions",
      "0011_sandbox_trial_keys",
      "0012_sandbox_registrations",
      "0013_session_api_keys",
      "0014_data_api_sessions",
      "0015_data_api_session_keys",
    ]);
  });

  it("returns timestamps as ISO strings on every dialect", async () => {
    const created = "2026-01-02T03:04:05.678Z";
    await db
      .insertInto("incidents")
      .values({ id: "iso", created_at: created, path: "/", message: "m", query: "", username: null, stacktrace: "s" })
      .execute();
    const row = await db.selectFrom("incidents").select("created_at").where("id", "=", "iso").executeTakeFirstOrThrow();
    expect(row.created_at).toBe(created);
  });
});
