import { describe, expect, it } from "vitest";
import { loadCurrentUser } from "~/modules/auth/users.server";
import { cancelUserDump, findDump } from "~/modules/feeds/dump-queries.server";
import { findFeed } from "~/modules/feeds/feed-queries.server";
import { econCriteriaSchema } from "~/modules/products/econ/econ.server";
import { insertMacroSubscriber } from "../support/subscribers";

describe("ids from a request", () => {
  it("[security3-item3] a feed or dump id with a NUL is not found, where PostgreSQL would refuse the query", async () => {
    const { id } = await insertMacroSubscriber({ label: "stored-ids", admin: true });
    const admin = (await loadCurrentUser(id, "econ"))!;
    const withNul = "00000000-0000-4000-a000-00000000000\u0000";
    expect(await findFeed(admin, "macroeconomic", withNul)).toBeNull();
    expect(await findDump(admin, "macroeconomic", withNul, econCriteriaSchema)).toBeNull();
    expect(await cancelUserDump(admin, "macroeconomic", withNul)).toBe("not-found");
  });
});
