import { describe, expect, it } from "vitest";
import { z } from "zod";
import { logIdSchema, readLogSearch } from "./log-search";

describe("logIdSchema", () => {
  it("accepts the UUIDs newId makes, trimmed", () => {
    expect(logIdSchema.parse(" 0b7e5f2c-3c1a-4e8b-9d57-4b8f0c2a1e33 ")).toBe("0b7e5f2c-3c1a-4e8b-9d57-4b8f0c2a1e33");
  });

  it.each(["", "42", "not-an-id", "0b7e5f2c-3c1a-4e8b-9d57-4b8f0c2a1e3", "0b7e5f2c3c1a4e8b9d574b8f0c2a1e33", "' or 1=1 --"])(
    "calls %j an invalid id",
    (value) => {
      const parsed = logIdSchema.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("admin.incidents.invalidId");
    },
  );
});

describe("readLogSearch", () => {
  const filter = z.object({
    kind: z.enum(["all", "one"], { errorMap: () => ({ message: "validation.invalidOption" }) }),
    note: z.string().max(3),
  });
  const read = (query: string) => readLogSearch(new URLSearchParams(query), { kind: "all", note: "" }, filter);

  it("reads a missing or blank field as its default and shows the values again", () => {
    expect(read("kind=&note=ab")).toEqual({
      values: { id: "", kind: "all", note: "ab" },
      id: null,
      idError: null,
      filter: { kind: "all", note: "ab" },
      filterErrors: {},
    });
  });

  it("looks up a valid id, trimmed, and calls a blank or malformed one invalid", () => {
    expect(read("id= 0b7e5f2c-3c1a-4e8b-9d57-4b8f0c2a1e33 ")).toMatchObject({ id: "0b7e5f2c-3c1a-4e8b-9d57-4b8f0c2a1e33", idError: null });
    expect(read("id=")).toMatchObject({ values: { id: "" }, id: null, idError: "admin.incidents.invalidId" });
    expect(read("id=42")).toMatchObject({ values: { id: "42" }, id: null, idError: "admin.incidents.invalidId" });
  });

  it("gives the first error of each field and no filter", () => {
    expect(read("kind=two&note=abcd")).toMatchObject({
      filter: null,
      filterErrors: { kind: "validation.invalidOption", note: expect.any(String) },
    });
  });
});
