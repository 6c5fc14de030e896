import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { databaseFreeFiles } from "../../vitest.config";

/** What would open a database in a test file: the connection, the migrations, the fixtures that write rows. */
const databaseUse = /modules\/db\/|support\/(subscribers|accounts|fixtures|database)|setup-(sqlite|postgres)|\.db\b|selectFrom|insertInto/;

describe("the integration files the postgres project leaves out (vitest.config.ts)", () => {
  it("exist and open no database", () => {
    for (const file of databaseFreeFiles) {
      const source = fs.readFileSync(file, "utf8");
      expect(databaseUse.exec(source)?.[0], file).toBeUndefined();
    }
  });
});
