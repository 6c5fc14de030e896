import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Generated } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { withStatementCache } from "./database.server";

describe("withStatementCache", () => {
  let sqlite: SQLite.Database;
  afterEach(() => sqlite?.open && sqlite.close());

  function open() {
    sqlite = new SQLite(":memory:");
    sqlite.exec("CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
    sqlite.exec("INSERT INTO item (name) VALUES ('a'), ('b'), ('c')");
    return sqlite;
  }

  it("prepares a statement once and hands it out again", () => {
    const database = withStatementCache(open());
    const first = database.prepare("SELECT name FROM item");
    expect(database.prepare("SELECT name FROM item")).toBe(first);
    expect(database.prepare("SELECT id FROM item")).not.toBe(first);
  });

  it("prepares a fresh statement while the kept one is busy in an iterator", () => {
    const database = withStatementCache(open());
    const kept = database.prepare("SELECT name FROM item");
    const rows = (kept as SQLite.Statement).iterate();
    rows.next();
    const fresh = database.prepare("SELECT name FROM item") as SQLite.Statement;
    expect(fresh).not.toBe(kept);
    expect(fresh.all()).toHaveLength(3);
    rows.return?.();
    expect(database.prepare("SELECT name FROM item")).toBe(kept);
  });

  it("forgets the oldest statement past its size and keeps answering", () => {
    const database = withStatementCache(open(), 2);
    const first = database.prepare("SELECT 1");
    database.prepare("SELECT 2");
    database.prepare("SELECT 3");
    expect(database.prepare("SELECT 3")).toBe(database.prepare("SELECT 3"));
    expect(database.prepare("SELECT 1")).not.toBe(first);
  });

  it("serves Kysely's queries, writes and all, across a change of schema", async () => {
    const db = new Kysely<{ item: { id: Generated<number>; name: string; note?: string | null } }>({
      dialect: new SqliteDialect({ database: withStatementCache(open()) }),
    });
    const names = () => db.selectFrom("item").selectAll().orderBy("id").execute();
    expect((await names()).map((row) => row.name)).toEqual(["a", "b", "c"]);
    await db.insertInto("item").values({ name: "d" }).execute();
    await db.insertInto("item").values({ name: "e" }).execute();
    await sql`ALTER TABLE item ADD COLUMN note TEXT`.execute(db);
    const rows = await names();
    expect(rows.map((row) => row.name)).toEqual(["a", "b", "c", "d", "e"]);
    expect(rows[0]).toHaveProperty("note", null);
    await db.destroy();
  });
});
