import { describe, expect, it } from "vitest";
import { contactFields, contactSchemas } from "./contact-schemas";

const general = { name: "Ada", email: "ada@example.com", subject: "Hello", text: "A question", sdk: "python" };

describe("contact schemas", () => {
  it("accepts a complete general inquiry and trims values", () => {
    const result = contactSchemas["general-inquiry"].safeParse({ ...general, name: "  Ada  " });
    expect(result.success && result.data.name).toBe("Ada");
  });

  it("gives a message key per missing or bad field", () => {
    const result = contactSchemas["general-inquiry"].safeParse({ name: "", email: "nope", text: 42, sdk: "cobol" });
    expect(result.success).toBe(false);
    const errors = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(errors).toEqual({
      name: "validation.required",
      email: "validation.email",
      subject: "validation.required",
      text: "validation.invalidType",
      sdk: "validation.invalidOption",
    });
  });

  it("limits lengths", () => {
    const result = contactSchemas["general-inquiry"].safeParse({ ...general, subject: "x".repeat(201) });
    expect(result.error?.issues[0]?.message).toBe("validation.tooLong|max=200");
  });

  it("requires the API product for bug reports but not for feature requests", () => {
    expect(contactSchemas["report-bug"].safeParse(general).success).toBe(false);
    expect(contactSchemas["report-bug"].safeParse({ ...general, product: "macroeconomic" }).success).toBe(true);
    expect(contactSchemas["request-feature"].safeParse({ ...general, product: "" }).success).toBe(true);
  });

  it("validates the business inquiry fields of SPEC.md", () => {
    const valid = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      companyName: "Analytical Engines",
      jobFunction: "Research",
      city: "London",
      country: "GB",
      phoneNumber: "+44 20 7946 0000",
      product: "company",
    };
    expect(contactSchemas["business-inquiry"].safeParse(valid).success).toBe(true);
    const bad = contactSchemas["business-inquiry"].safeParse({ ...valid, country: "XX", phoneNumber: "call me" });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual(["validation.invalidOption", "validation.phone"]);
  });

  it("describes each form's fields in order without the honeypot", () => {
    expect(contactFields["general-inquiry"].map((field) => field.name)).toEqual(["name", "email", "subject", "text", "sdk"]);
    expect(contactFields["business-inquiry"].find((field) => field.name === "message")?.required).toBe(false);
    expect(contactFields["business-inquiry"].find((field) => field.name === "country")?.widget).toBe("country");
  });
});
