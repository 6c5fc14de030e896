import { describe, expect, it } from "vitest";
import { listLimitSchema, maxListRows } from "./list-limit";

describe("listLimitSchema", () => {
  it("takes every row up to the maximum when no limit is given", () => {
    expect(listLimitSchema.parse({ limit: null })).toEqual({ limit: maxListRows });
    expect(listLimitSchema.parse({ limit: " " })).toEqual({ limit: maxListRows });
    expect(listLimitSchema.parse({ limit: "25" })).toEqual({ limit: 25 });
  });

  it.each(["0", "101", "2.5", "lots", "-1"])("refuses %j as a limit", (limit) => {
    const issue = listLimitSchema.safeParse({ limit }).error?.issues[0];
    expect([issue?.path.join("."), issue?.message]).toEqual(["limit", "admin.incidents.limit"]);
  });
});
