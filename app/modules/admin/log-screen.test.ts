import { describe, expect, it } from "vitest";
import { lookUpAndList } from "./log-screen.server";

const source = {
  find: (id: string) => Promise.resolve(id === "known" ? { id } : undefined),
  list: (filter: { path: string }) => Promise.resolve([filter.path]),
  empty: [] as string[],
  notFound: "not-found",
};

describe("lookUpAndList", () => {
  it("finds the entry and lists the filtered rows", async () => {
    expect(await lookUpAndList({ id: "known", idError: null, filter: { path: "/a" } }, source)).toEqual({
      row: { id: "known" },
      list: ["/a"],
      lookupError: null,
      status: 200,
    });
    expect(await lookUpAndList({ id: null, idError: null, filter: { path: "/b" } }, source)).toMatchObject({ row: null, status: 200 });
  });

  it("answers 404 for an id nothing has and 400 for a malformed id or filter, keeping the list it can", async () => {
    expect(await lookUpAndList({ id: "other", idError: null, filter: { path: "/a" } }, source)).toEqual({
      row: null,
      list: ["/a"],
      lookupError: "not-found",
      status: 404,
    });
    expect(await lookUpAndList({ id: null, idError: "invalid", filter: { path: "/a" } }, source)).toMatchObject({
      lookupError: "invalid",
      status: 400,
    });
    expect(await lookUpAndList({ id: null, idError: null, filter: null }, source)).toMatchObject({ list: [], status: 400 });
  });
});
