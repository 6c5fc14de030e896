import { describe, expect, it } from "vitest";
import { fieldErrors, isCalendarDate, isWebhookUrl, parseIdList as parseIds } from "~/modules/feeds/form-shapes";
import { econDumpSchema, econFeedSchema, econFormValues, maxSeriesIds } from "./econ-form";

const parseIdList = (value: unknown) => parseIds(value, maxSeriesIds);

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("econ feed and dump forms", () => {
  it("reads a form post and a JSON body to the same values", () => {
    const fromForm = econFormValues(
      form([
        ["name", "G7 GDP"],
        ["database", "DB01"],
        ["country", "DE"],
        ["country", "FR"],
        ["seriesIds", "S1, S2\nS3 S1"],
        ["keyOnly", "on"],
      ]),
    );
    const fromJson = econFormValues({
      name: "G7 GDP",
      database: "DB01",
      country: ["DE", "FR"],
      seriesIds: ["S1", "S2", "S3"],
      keyOnly: true,
    });
    const parse = (values: Record<string, unknown>) => econFeedSchema.parse(values);
    expect(parse(fromForm)).toEqual(parse(fromJson));
    expect(parse(fromForm)).toMatchObject({
      country: ["DE", "FR"],
      seriesIds: ["S1", "S2", "S3"],
      keyOnly: true,
      nameOnly: false,
      frequency: "daily",
      format: "json",
    });
  });

  it("splits id lists on commas, spaces and new lines", () => {
    expect(parseIdList(" A1,B2;\n\tC3  A1 ")).toEqual({ ok: true, ids: ["A1", "B2", "C3"] });
    expect(parseIdList(["X", " Y ", 7])).toEqual({ ok: true, ids: ["X", "Y", "7"] });
    expect(parseIdList(undefined)).toEqual({ ok: true, ids: [] });
  });

  it("[security-13] refuses nested lists and objects in id lists without converting them", () => {
    let deep: unknown = "S1";
    for (let depth = 0; depth < 20_000; depth++) deep = [deep];
    expect(parseIdList(deep)).toEqual({ ok: false, error: "validation.invalidIds" });
    expect(parseIdList([{ toString: 1 }])).toEqual({ ok: false, error: "validation.invalidIds" });
    expect(parseIdList({ toString: 1 })).toEqual({ ok: false, error: "validation.invalidIds" });
    expect(parseIdList([true])).toEqual({ ok: false, error: "validation.invalidIds" });
    expect(parseIdList(Array.from({ length: 10_001 }, (_, index) => ({ index })))).toEqual({
      ok: false,
      error: "validation.tooManyIds|max=10,000",
    });
    expect(parseIdList(Array.from({ length: 10_001 }, (_, index) => `S${index}`).join(","))).toEqual({
      ok: false,
      error: "validation.tooManyIds|max=10,000",
    });
    expect(parseIdList("x".repeat(1_000_000))).toEqual({ ok: false, error: "validation.tooManyIds|max=10,000" });
  });

  it("[security-13] a crafted series id list is a field error of the schema, never an exception", () => {
    let deep: unknown = "S1";
    for (let depth = 0; depth < 20_000; depth++) deep = [deep];
    for (const seriesIds of [deep, [{ toString: 1 }], { toString: 1 }]) {
      const result = econDumpSchema.safeParse(econFormValues({ name: "Dump", database: "DB01", seriesIds }));
      expect(result.success).toBe(false);
      if (!result.success) expect(fieldErrors(result.error)).toEqual({ seriesIds: "validation.invalidIds" });
    }
  });

  it("requires a database with SPEC.md's message", () => {
    const result = econDumpSchema.safeParse(econFormValues(form([["name", "Dump"]])));
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ database: "validation.selectDatabase" });
  });

  it("checks FTP delivery, notification addresses and URL", () => {
    const result = econFeedSchema.safeParse(
      econFormValues(
        form([
          ["name", "Feed"],
          ["database", "DB01"],
          ["deliveryMethod", "ftp"],
          ["ftpUrl", "http://not-ftp"],
          ["ftpPath", "/a/../../etc"],
          ["notificationEmail", "a@x.test, not-an-address"],
          ["notificationUrl", "javascript:alert(1)"],
        ]),
      ),
    );
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({
        ftpUrl: "validation.ftpUrl",
        ftpPath: "validation.ftpPath",
        ftpUsername: "validation.required",
        notificationEmail: "validation.emails",
        notificationUrl: "validation.url",
      });
    }
    const ok = econFeedSchema.safeParse(
      econFormValues({
        name: "Feed",
        database: "DB01",
        deliveryMethod: "ftp",
        ftpUrl: "ftp.example.com",
        ftpUsername: "u",
        ftpPassword: "p",
        notificationEmail: "a@x.test, b@y.test",
      }),
    );
    expect(ok.success).toBe(true);
  });

  it("[security-16] refuses more than 10 notification addresses", () => {
    const addresses = (count: number) => Array.from({ length: count }, (_, index) => `a${index}@x.test`).join(", ");
    const result = econDumpSchema.safeParse(econFormValues({ name: "Dump", database: "DB01", notificationEmail: addresses(11) }));
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toEqual({ notificationEmail: "validation.tooManyEmails|max=10" });
    expect(econDumpSchema.safeParse(econFormValues({ name: "Dump", database: "DB01", notificationEmail: addresses(10) })).success).toBe(
      true,
    );
  });

  it("[security-17] the browser cannot post a sealed password or say that one is kept", () => {
    const parsed = econFeedSchema.parse(
      econFormValues({ name: "Feed", database: "DB01", ftpPasswordSealed: "v2:forged", keepFtpPassword: true }),
    );
    expect(parsed).not.toHaveProperty("ftpPasswordSealed");
    expect(parsed).not.toHaveProperty("keepFtpPassword");
  });

  it("knows calendar dates and webhook URLs", () => {
    expect(["2024-02-29", "2024-02-30", "2023-02-29", "2026-13-01"].map(isCalendarDate)).toEqual([true, false, false, false]);
    expect(["https://hooks.example.com/in?a=1", "http://[x", "ftp://example.com", "https://"].map(isWebhookUrl)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it("refuses unknown choices and bad dates", () => {
    const result = econFeedSchema.safeParse(
      econFormValues({ name: "Feed", database: "DB01", frequency: "hourly", seriesFrequency: ["yearly"], createdAfter: "31/12/2020" }),
    );
    expect(result.success).toBe(false);
    if (!result.success)
      expect(fieldErrors(result.error)).toMatchObject({
        frequency: "validation.invalidOption",
        seriesFrequency: "validation.invalidOption",
        createdAfter: "validation.date",
      });
  });
});

describe("econFormValues on a flood of fields", () => {
  it("reads 50,000 distinct fields, keeping the first value of a repeated one", () => {
    const form = new FormData();
    for (let index = 0; index < 50_000; index += 1) form.append(`field${index}`, "x");
    form.append("name", "first");
    form.append("name", "second");
    const values = econFormValues(form);
    expect(values.name).toBe("first");
    expect(values.field49999).toBe("x");
  });
});
