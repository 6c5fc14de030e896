import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/modules/feeds/form-shapes";
import { ftpPasswordProblem } from "~/modules/feeds/ftp-password";
import { documentsFeedSchema, documentsFormValues, documentsFrequency } from "./documents-form";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const parse = (source: FormData | Record<string, unknown>) => documentsFeedSchema.safeParse(documentsFormValues(source));

function errorsOf(source: FormData | Record<string, unknown>): Record<string, string> {
  const result = parse(source);
  return result.success ? {} : fieldErrors(result.error);
}

function valuesOf(source: FormData | Record<string, unknown>) {
  const result = parse(source);
  if (!result.success) throw new Error(JSON.stringify(fieldErrors(result.error)));
  return result.data;
}

describe("the documents feed form", () => {
  it("reads a form post and a JSON body to the same values", () => {
    const fromForm = valuesOf(
      form([
        ["name", "Energy news"],
        ["active", "on"],
        ["frequency", "15"],
        ["searchIn", "title"],
        ["keyword", "outlook"],
        ["country", "DE"],
        ["country", "FR"],
        ["language", "en"],
        ["format", "pdf"],
        ["topic", "energy"],
        ["deliveryFormat", "xml"],
        ["notificationUrl", "https://hooks.example.com/documents"],
      ]),
    );
    const fromJson = valuesOf({
      name: "Energy news",
      active: true,
      frequency: 15,
      searchIn: "title",
      keyword: "outlook",
      country: ["DE", "FR"],
      language: "en",
      format: ["pdf"],
      topic: ["energy"],
      deliveryFormat: "xml",
      notificationUrl: "https://hooks.example.com/documents",
    });
    expect(fromForm).toEqual(fromJson);
    expect(fromForm).toMatchObject({
      active: true,
      status: "active",
      frequency: "every-15-minutes",
      country: ["DE", "FR"],
      documentLanguage: ["en"],
      documentFormat: ["pdf"],
      topic: ["energy"],
      industry: [],
      format: "xml",
      language: "en",
      deliveryMethod: "platform",
      notificationUrl: "https://hooks.example.com/documents",
      notificationMethod: "POST",
      notificationEmail: undefined,
    });
  });

  it("maps its fields to the core's: frequency, status from active, output format from deliveryFormat", () => {
    const values = valuesOf({ name: "Feed", keyword: "steel", frequency: "60", active: false });
    expect(values).toMatchObject({ frequency: "every-60-minutes", status: "inactive", active: false, format: "json", searchIn: "all" });
    // The documents' own format list never becomes the file format.
    expect(valuesOf({ name: "Feed", format: ["html"], deliveryFormat: "xml" })).toMatchObject({ documentFormat: ["html"], format: "xml" });
  });

  it("an unchecked box is an inactive feed; a JSON body without `active` is an active one", () => {
    expect(
      valuesOf(
        form([
          ["name", "Feed"],
          ["keyword", "steel"],
        ]),
      ).status,
    ).toBe("inactive");
    expect(valuesOf({ name: "Feed", keyword: "steel" }).status).toBe("active");
    expect(valuesOf({ name: "Feed", keyword: "steel", active: "false" }).status).toBe("inactive");
    expect(errorsOf({ name: "Feed", keyword: "steel", active: "maybe" })).toEqual({ active: "validation.invalidOption" });
  });

  it("runs every 15 or 60 minutes only", () => {
    for (const frequency of [15, 60, "15", "60"]) {
      expect(valuesOf({ name: "Feed", keyword: "steel", frequency }).frequency).toBe(`every-${frequency}-minutes`);
    }
    expect(valuesOf({ name: "Feed", keyword: "steel" }).frequency).toBe("every-60-minutes");
    for (const frequency of [30, "30", "daily", "every-15-minutes", 15.5, true, ["15"]]) {
      expect(errorsOf({ name: "Feed", keyword: "steel", frequency }), String(frequency)).toEqual({ frequency: "validation.invalidOption" });
    }
    expect(
      errorsOf(
        form([
          ["name", "Feed"],
          ["keyword", "steel"],
          ["frequency", "daily"],
        ]),
      ),
    ).toEqual({
      frequency: "validation.invalidOption",
    });
    expect(documentsFrequency("every-15-minutes")).toBe("15");
    expect(documentsFrequency("every-60-minutes")).toBe("60");
    expect(documentsFrequency("daily")).toBeNull();
  });

  it("needs a name and at least one criterion; search-in alone is none", () => {
    expect(errorsOf({ keyword: "steel" })).toEqual({ name: "validation.required" });
    expect(errorsOf({ name: "Feed", searchIn: "title" })).toEqual({ keyword: "validation.documentsCriterion" });
    expect(errorsOf({ name: "Feed", keyword: "   " })).toEqual({ keyword: "validation.documentsCriterion" });
    for (const list of ["country", "language", "format", "industry", "publicationType", "source", "topic"]) {
      expect(errorsOf({ name: "Feed", [list]: ["X"] }), list).toEqual({});
    }
  });

  it("refuses unknown choices", () => {
    expect(errorsOf({ name: "Feed", keyword: "steel", searchIn: "body" })).toEqual({ searchIn: "validation.invalidOption" });
    expect(errorsOf({ name: "Feed", keyword: "steel", deliveryFormat: "csv" })).toEqual({ deliveryFormat: "validation.invalidOption" });
    expect(errorsOf({ name: "Feed", keyword: "steel", deliveryMethod: "mail" })).toEqual({ deliveryMethod: "validation.invalidOption" });
    for (const country of [[{ code: "DE" }], [15], [""], { DE: true }]) {
      expect(errorsOf({ name: "Feed", country }), JSON.stringify(country)).toEqual({ country: "validation.invalidOption" });
    }
  });

  describe("delivery by FTP", () => {
    const ftp = { name: "Feed", keyword: "steel", deliveryMethod: "ftp", ftpUsername: "reader", ftpPassword: "secret" };

    it("maps host and port to the core's FTP address, 21 by default", () => {
      expect(valuesOf({ ...ftp, ftpHost: "ftp.example.com" })).toMatchObject({ ftpUrl: "ftp://ftp.example.com:21", ftpPort: 21 });
      expect(valuesOf({ ...ftp, ftpHost: "ftp.example.com", ftpPort: 2121, ftpPath: "/in" })).toMatchObject({
        ftpUrl: "ftp://ftp.example.com:2121",
        ftpPath: "/in",
        ftpUsername: "reader",
      });
      expect(valuesOf(form([...Object.entries(ftp), ["ftpHost", "10.0.0.5"], ["ftpPort", "990"]]))).toMatchObject({
        ftpUrl: "ftp://10.0.0.5:990",
      });
      expect(valuesOf({ ...ftp, ftpHost: "[::1]", ftpPort: "" }).ftpUrl).toBe("ftp://[::1]:21");
    });

    it("needs a bare host name, a port of 1 to 65535 and a username", () => {
      expect(errorsOf(ftp)).toEqual({ ftpHost: "validation.required" });
      for (const ftpHost of ["ftp://ftp.example.com", "ftp.example.com:21", "ftp.example.com/in", "bad host"]) {
        expect(errorsOf({ ...ftp, ftpHost }), ftpHost).toEqual({ ftpHost: "validation.ftpHost" });
      }
      for (const ftpPort of [0, 65536, "21a", 21.5, "-1"]) {
        expect(errorsOf({ ...ftp, ftpHost: "ftp.example.com", ftpPort }), String(ftpPort)).toEqual({ ftpPort: "validation.ftpPort" });
      }
      expect(errorsOf({ ...ftp, ftpHost: "ftp.example.com", ftpUsername: "" })).toEqual({ ftpUsername: "validation.required" });
      expect(errorsOf({ ...ftp, ftpHost: "ftp.example.com", ftpPath: "/../etc" })).toEqual({ ftpPath: "validation.ftpPath" });
    });

    it("leaves the password rules to the core, on the core's fields", () => {
      const values = valuesOf({ ...ftp, ftpHost: "ftp.example.com", ftpPassword: "" });
      expect(ftpPasswordProblem(values, null)).toBe("validation.required");
      expect(ftpPasswordProblem(valuesOf({ ...ftp, ftpHost: "ftp.example.com" }), null)).toBeNull();
    });

    it("does not check FTP fields for delivery on the platform", () => {
      expect(errorsOf({ name: "Feed", keyword: "steel", ftpHost: "ftp://x:1" })).toEqual({});
    });
    it("offers FTPS and SFTP on the same fields: SFTP on port 22 by default, with a pasted key checked", () => {
      const sftp = { ...ftp, deliveryMethod: "sftp", ftpHost: "sftp.example.com" };
      expect(valuesOf(sftp)).toMatchObject({ deliveryMethod: "sftp", ftpUrl: "sftp://sftp.example.com:22", ftpPort: 22 });
      expect(valuesOf({ ...sftp, ftpPort: "2222" })).toMatchObject({ ftpUrl: "sftp://sftp.example.com:2222", ftpPort: 2222 });
      expect(valuesOf({ ...ftp, deliveryMethod: "ftps", ftpHost: "ftp.example.com" })).toMatchObject({
        ftpUrl: "ftp://ftp.example.com:21",
      });
      expect(errorsOf({ ...sftp, ftpPassword: "", sftpPrivateKey: "not a key" })).toEqual({ sftpPrivateKey: "validation.sftpKey" });
    });
  });

  it("takes a webhook URL, never an e-mail list or another method", () => {
    expect(errorsOf({ name: "Feed", keyword: "steel", notificationUrl: "ftp://example.com" })).toEqual({
      notificationUrl: "validation.url",
    });
    const values = valuesOf({
      name: "Feed",
      keyword: "steel",
      notificationEmail: "a@example.com",
      notificationMethod: "GET",
      notificationUrl: "https://hooks.example.com",
    });
    expect(values).toMatchObject({
      notificationEmail: undefined,
      notificationMethod: "POST",
      notificationUrl: "https://hooks.example.com",
    });
  });
});
