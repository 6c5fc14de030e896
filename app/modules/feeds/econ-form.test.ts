import { describe, expect, it } from "vitest";
import { econDumpSchema, econFeedSchema, econFormValues, fieldErrors, isCalendarDate, isWebhookUrl, parseIdList } from "./econ-form";

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
    const fromJson = econFormValues({ name: "G7 GDP", database: "DB01", country: ["DE", "FR"], seriesIds: ["S1", "S2", "S3"], keyOnly: true });
    const parse = (values: Record<string, unknown>) => econFeedSchema.parse(values);
    expect(parse(fromForm)).toEqual(parse(fromJson));
    expect(parse(fromForm)).toMatchObject({ country: ["DE", "FR"], seriesIds: ["S1", "S2", "S3"], keyOnly: true, nameOnly: false, frequency: "daily", format: "json" });
  });

  it("splits id lists on commas, spaces and new lines", () => {
    expect(parseIdList(" A1,B2;\n\tC3  A1 ")).toEqual(["A1", "B2", "C3"]);
    expect(parseIdList(["X", " Y "])).toEqual(["X", "Y"]);
    expect(parseIdList(undefined)).toEqual([]);
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
        ftpPassword: "validation.required",
        notificationEmail: "validation.emails",
        notificationUrl: "validation.url",
      });
    }
    const ok = econFeedSchema.safeParse(
      econFormValues({ name: "Feed", database: "DB01", deliveryMethod: "ftp", ftpUrl: "ftp.example.com", ftpUsername: "u", ftpPassword: "p", notificationEmail: "a@x.test, b@y.test" }),
    );
    expect(ok.success).toBe(true);
  });

  it("keeps the stored FTP password when editing leaves it empty", () => {
    const values = { name: "Feed", database: "DB01", deliveryMethod: "ftp", ftpUrl: "ftp.example.com", ftpUsername: "u" };
    expect(econFeedSchema.safeParse(econFormValues(values)).success).toBe(false);
    expect(econFeedSchema.safeParse(econFormValues({ ...values, keepFtpPassword: true })).success).toBe(true);
  });

  it("knows calendar dates and webhook URLs", () => {
    expect(["2024-02-29", "2024-02-30", "2023-02-29", "2026-13-01"].map(isCalendarDate)).toEqual([true, false, false, false]);
    expect(["https://hooks.example.com/in?a=1", "http://[x", "ftp://example.com", "https://"].map(isWebhookUrl)).toEqual([true, false, false, false]);
  });

  it("refuses unknown choices and bad dates", () => {
    const result = econFeedSchema.safeParse(econFormValues({ name: "Feed", database: "DB01", frequency: "hourly", seriesFrequency: ["yearly"], createdAfter: "31/12/2020" }));
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrors(result.error)).toMatchObject({ frequency: "validation.invalidOption", seriesFrequency: "validation.invalidOption", createdAfter: "validation.date" });
  });
});
