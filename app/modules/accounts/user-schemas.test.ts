import { describe, expect, it } from "vitest";
import { createUserSchema, OPEN_ENDED, subscriptionSchema, updateUserSchema, userFormSchema, userSearchSchema } from "./user-schemas";

describe("user schemas", () => {
  it("reads a form's checkboxes and repeated names as a JSON body's booleans and arrays", () => {
    expect(updateUserSchema.parse({ locked: "on", isAdmin: "false", platforms: "econ" })).toEqual({
      locked: true,
      isAdmin: false,
      platforms: ["econ"],
    });
    expect(updateUserSchema.parse({ locked: true, platforms: ["econ", "corp"], version: 3 })).toEqual({
      locked: true,
      platforms: ["econ", "corp"],
      version: 3,
    });
    expect(userFormSchema.parse({ version: "2", firstName: "A", lastName: "B" })).toMatchObject({
      isAdmin: false,
      hasTokenDecoder: false,
      platforms: [],
    });
    expect(updateUserSchema.safeParse({ platforms: ["moon"] }).success).toBe(false);
  });

  it("needs an e-mail address, both names and a platform to create a user", () => {
    const result = createUserSchema.safeParse({ email: "nope", firstName: "", lastName: "X" });
    expect(result.success).toBe(false);
    expect(result.error?.flatten().fieldErrors).toMatchObject({
      email: ["validation.email"],
      firstName: ["validation.required"],
      platforms: ["admin.users.platformRequired"],
    });
  });

  it("takes dates and date-times, stores an open end far ahead, and an empty database choice as all", () => {
    expect(subscriptionSchema.parse({ startsAt: "2026-01-01", endsAt: "" })).toEqual({
      startsAt: "2026-01-01T00:00:00.000Z",
      endsAt: OPEN_ENDED,
      databases: null,
    });
    expect(subscriptionSchema.parse({ startsAt: "2026-01-01T10:00:00+02:00", endsAt: "2027-01-01", databases: "DB02" })).toEqual({
      startsAt: "2026-01-01T08:00:00.000Z",
      endsAt: "2027-01-01T00:00:00.000Z",
      databases: ["DB02"],
    });
    expect(subscriptionSchema.safeParse({ startsAt: "2026-02-30x" }).error?.flatten().fieldErrors).toEqual({
      startsAt: ["validation.date"],
    });
    expect(subscriptionSchema.safeParse({ startsAt: "2026-02-01", endsAt: "2026-01-01" }).error?.flatten().fieldErrors).toEqual({
      endsAt: ["admin.users.endBeforeStart"],
    });
  });

  it("drops unknown list filters instead of refusing the page", () => {
    expect(userSearchSchema.parse({ q: " ada ", state: "weird", page: "-3", sort: "email" })).toEqual({
      q: "ada",
      sort: "email",
      dir: "desc",
      page: 1,
    });
  });
});
