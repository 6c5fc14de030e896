import { describe, expect, it } from "vitest";
import { sandboxRegistrationSchema } from "./registration-schema";

const complete = {
  name: "Ada",
  surname: "Lovelace",
  companyName: "Analytical Engines",
  jobTitle: "Economist",
  email: "ada@example.com",
  country: "GB",
  message: "",
  consent: "on",
  altcha: "payload",
};

function errors(input: Record<string, unknown>) {
  const result = sandboxRegistrationSchema.safeParse(input);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("the sandbox registration schema", () => {
  it("accepts a complete form post and the same as JSON", () => {
    expect(sandboxRegistrationSchema.parse(complete)).toMatchObject({ name: "Ada", consent: true, offers: false, message: undefined });
    const json = { ...complete, consent: true, offers: true, message: "GDP series" };
    expect(sandboxRegistrationSchema.parse(json)).toMatchObject({ consent: true, offers: true, message: "GDP series" });
  });

  it("reports every missing field, the consent and the captcha at once", () => {
    expect(errors({})).toEqual({
      name: "validation.required",
      surname: "validation.required",
      companyName: "validation.required",
      jobTitle: "validation.required",
      email: "validation.required",
      country: "validation.required",
      consent: "sandbox.errors.consent",
      captcha: "sandbox.errors.captcha",
    });
  });

  it("checks the e-mail, the country and the lengths", () => {
    expect(errors({ ...complete, email: "nope", country: "XX", jobTitle: "x".repeat(101) })).toEqual({
      email: "validation.email",
      country: "validation.invalidOption",
      jobTitle: "validation.tooLong|max=100",
    });
  });

  it("takes only a ticked consent", () => {
    expect(errors({ ...complete, consent: "off" })).toEqual({ consent: "sandbox.errors.consent" });
    expect(errors({ ...complete, consent: false })).toEqual({ consent: "sandbox.errors.consent" });
  });
});
