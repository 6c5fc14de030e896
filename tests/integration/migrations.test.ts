import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { seriesRow } from "~/modules/catalog/catalog-rows";
import { generateSeries, type StoredPoint } from "~/modules/catalog/generator";
import { latestValuesJson } from "~/modules/catalog/points";
import { database, db } from "~/modules/db/db.server";
import { migrateToLatest } from "~/modules/db/database.server";
import { redactStoredSecrets } from "~/modules/db/migrations/0016_redacted_secrets";
import { confirmAddressesInUse } from "~/modules/db/migrations/0025_grandfathered_addresses";
import { fillLatestValuesJson } from "~/modules/db/migrations/0030_latest_values_json";
import { insertMacroSubscriber } from "../support/subscribers";
import { insertDelivery } from "../support/deliveries";

describe("migrations", () => {
  it("create every table of the foundation", async () => {
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(["incidents", "contact_messages", "outbox", "rate_limits"]));
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
      "0016_redacted_secrets",
      "0017_user_administration",
      "0018_admin_api_keys",
      "0019_session_devices",
      "0020_subscription_reminders",
      "0021_delivery_history",
      "0022_webhook_secrets",
      "0023_sftp_host_keys",
      "0024_first_runs_filters_addresses",
      "0025_grandfathered_addresses",
      "0026_run_counts",
      "0027_api_call_log",
      "0029_rate_limits",
      "0030_latest_values_json",
      "0031_series_keyword_index",
      "0032_series_version",
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

  it("index the series keyword: a trigram full-text table on SQLite, a pg_trgm index where PostgreSQL has the extension", async () => {
    if (database.dialect === "sqlite") {
      const { rows } = await sql<{
        name: string;
      }>`select name from sqlite_master where name like 'catalog_series_search%' order by name`.execute(db);
      expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining(["catalog_series_search", "catalog_series_search_insert"]));
      return;
    }
    const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
    const index = await sql`select 1 from pg_indexes where indexname = 'catalog_series_search_trigrams'`.execute(db);
    expect(index.rows.length).toBe(available.rows.length);
  });

  it("[security3-N3] redact the keys and link tokens that rows stored before the redaction hold", async () => {
    const key = "corp_4oyuYW6YP6O7Dz-X08DFBNRra_FG8tdb";
    const link = "http://localhost:3000/reset-password/MfRYkNSIC6P4Fb1HqWzbOZKsPYbMlkhvE_phN3N24cY";
    const created = "2026-01-02T03:04:05.678Z";
    await db
      .insertInto("incidents")
      .values({
        id: "old-incident",
        created_at: created,
        path: "/p",
        message: `at /p?token=${key}`,
        query: `?Token=${key}&a=1`,
        username: null,
        stacktrace: `Error\n ${key}`,
      })
      .execute();
    await db
      .insertInto("pipeline_incidents")
      .values({
        id: "old-pipeline",
        created_at: created,
        severity: "error",
        message: `GET ?apiKey=${key}`,
        stacktrace: "",
        additional_data: JSON.stringify({ url: `/x?key=${key}` }),
      })
      .execute();
    const mail = {
      created_at: created,
      recipient: "a@example.com",
      reply_to: null,
      subject: "Reset",
      body: `Open ${link}`,
      last_error: null,
      sent_at: null,
    };
    await db
      .insertInto("outbox")
      .values([
        { ...mail, id: "old-stored", status: "stored" },
        { ...mail, id: "old-failed", status: "failed" },
        { ...mail, id: "old-plain", status: "failed", body: "Hello" },
      ])
      .execute();

    await redactStoredSecrets(db);
    await redactStoredSecrets(db);
    expect(
      await db
        .selectFrom("incidents")
        .select(["path", "message", "query", "stacktrace"])
        .where("id", "=", "old-incident")
        .executeTakeFirst(),
    ).toEqual({
      path: "/p",
      message: "at /p?token=[redacted]",
      query: "?Token=[redacted]&a=1",
      stacktrace: "Error\n corp_[redacted]",
    });
    expect(
      await db.selectFrom("pipeline_incidents").select(["message", "additional_data"]).where("id", "=", "old-pipeline").executeTakeFirst(),
    ).toEqual({
      message: "GET ?apiKey=[redacted]",
      additional_data: JSON.stringify({ url: "/x?key=[redacted]" }),
    });
    expect(await db.selectFrom("outbox").select(["id", "body", "security"]).where("id", "like", "old-%").orderBy("id").execute()).toEqual([
      { id: "old-failed", body: "Open http://localhost:3000/reset-password/[redacted]", security: 1 },
      { id: "old-plain", body: "Hello", security: 0 },
      { id: "old-stored", body: `Open ${link}`, security: 1 },
    ]);
  });
  it("0025 counts the notification addresses in use before 0024 as confirmed, and none added since", async () => {
    const owner = await insertMacroSubscriber({ label: "grandfathered" });
    const before = "2026-01-02T03:04:05.678Z";
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const notifying = (emails: string[]) => JSON.stringify({ emails, url: null, method: "POST" });
    const feed = (name: string, emails: string[], createdAt: string, deletedAt: string | null = null) => ({
      id: `${owner.id}-${name}`,
      user_id: owner.id,
      product: "macroeconomic",
      name,
      frequency: "daily",
      status: "active",
      criteria: "{}",
      options: JSON.stringify({ language: "zh" }),
      delivery: JSON.stringify({ method: "platform", ftp: null }),
      notification: notifying(emails),
      created_at: createdAt,
      // Every run moves a feed's updated_at: it says nothing of when its addresses were chosen.
      updated_at: later,
      deleted_at: deletedAt,
      next_run_at: null,
      last_run_at: null,
      last_success_at: null,
      last_run_status: null,
    });
    await db
      .insertInto("feeds")
      .values([
        feed("old", ["Old.Feed@client.test", owner.email.toUpperCase(), "edited.since@client.test", "mailed.before@client.test"], before),
        feed("new", ["new.feed@client.test"], later),
        feed("deleted", ["deleted@client.test"], before, before),
      ])
      .execute();
    const dump = (name: string, emails: string[], createdAt: string) => ({
      id: `${owner.id}-${name}`,
      user_id: owner.id,
      product: "macroeconomic",
      feed_id: null,
      name,
      criteria: "{}",
      options: "{}",
      delivery: JSON.stringify({ method: "platform", ftp: null }),
      notification: notifying(emails),
      status: "completed",
      job_id: null,
      estimated_end_at: null,
      error: null,
      created_at: createdAt,
      updated_at: createdAt,
      started_at: null,
      finished_at: null,
    });
    await db
      .insertInto("dumps")
      .values([dump("old-dump", ["old.dump@client.test"], before), dump("new-dump", ["new.dump@client.test"], later)])
      .execute();
    // The old feed saved since 0024 asked a confirmation of each of its addresses: only one mailed before 0024 is
    // known to be in use; the other may be new. A pending link of a grandfathered address stops working.
    const asked = (address: string) => ({
      id: `${owner.id}-${address}`,
      user_id: owner.id,
      address,
      language: "en",
      token_hash: `hash-${address}`,
      requested_at: later,
      confirmed_at: null,
    });
    await db
      .insertInto("notification_addresses")
      .values([asked("edited.since@client.test"), asked("mailed.before@client.test")])
      .execute();
    await insertDelivery({
      userId: owner.id,
      channel: "email",
      target: "Mailed.Before@client.test",
      status: "succeeded",
      createdAt: before,
    });

    expect(await confirmAddressesInUse(db)).toBe(3);
    expect(await confirmAddressesInUse(db)).toBe(0);
    const rows = await db
      .selectFrom("notification_addresses")
      .select(["address", "language", "token_hash", "confirmed_at"])
      .where("user_id", "=", owner.id)
      .orderBy("address")
      .execute();
    expect(rows).toEqual([
      { address: "edited.since@client.test", language: "en", token_hash: "hash-edited.since@client.test", confirmed_at: null },
      { address: "mailed.before@client.test", language: "en", token_hash: null, confirmed_at: expect.any(String) },
      { address: "old.dump@client.test", language: "en", token_hash: null, confirmed_at: expect.any(String) },
      { address: "old.feed@client.test", language: "zh", token_hash: null, confirmed_at: expect.any(String) },
    ]);
  });

  it("0030 gives the series stored before it their latest values as a dump writes them", async () => {
    const stored = generateSeries(0);
    const series = { ...stored, record: { ...stored.record, id: "ZZ-before-0030" } };
    const points: StoredPoint[] = [
      ["2024-01-31", 1.5],
      ["2024-01-31", 2.25, 1, "2024-03-01T00:00:00.000Z"],
      ["2024-02-29", -3],
    ];
    await db.insertInto("catalog_series").values(seriesRow(series)).execute();
    await db
      .insertInto("catalog_series_points")
      .values({ series_id: series.record.id, points: JSON.stringify(points), latest_json: "[]" })
      .execute();
    await fillLatestValuesJson(db);
    await fillLatestValuesJson(db);
    const row = await db
      .selectFrom("catalog_series_points")
      .select("latest_json")
      .where("series_id", "=", series.record.id)
      .executeTakeFirstOrThrow();
    expect(row.latest_json).toBe(latestValuesJson(points));
    expect(JSON.parse(row.latest_json)).toEqual([
      { date: "2024-01-31", value: 2.25 },
      { date: "2024-02-29", value: -3 },
    ]);
    await db.deleteFrom("catalog_series").where("id", "=", series.record.id).execute();
  });
});
