import { describe, expect, it } from "vitest";
import { newPasswordSchema, profileSchema, verifyTokenSchema } from "./auth-schemas";

describe("auth schemas", () => {
  it("requires a long enough, confirmed new password", () => {
    const short = newPasswordSchema.safeParse({ password: "short", confirmPassword: "short" });
    expect(short.error?.issues[0]?.message).toBe("auth.passwordTooShort|min=10");
    const differ = newPasswordSchema.safeParse({ password: "long enough 1", confirmPassword: "long enough 2" });
    expect(differ.error?.issues[0]).toMatchObject({ path: ["confirmPassword"], message: "auth.passwordsDiffer" });
  });

  it("needs an API key in the token field", () => {
    expect(verifyTokenSchema.safeParse({ token: "  " }).error?.issues[0]?.message).toBe("auth.tokenRequired");
    expect(verifyTokenSchema.safeParse({}).error?.issues[0]?.message).toBe("auth.tokenRequired");
  });

  it("[security-22] refuses NUL and other control characters in profile fields", () => {
    const valid = { firstName: "Vera", lastName: "Visitor", jobPosition: "Analyst", jobDescription: "Line one\nLine two\twith a tab" };
    expect(profileSchema.safeParse(valid).success).toBe(true);
    for (const [field, value] of [
      ["firstName", "\u0000"],
      ["lastName", "Vis\u0000itor"],
      ["firstName", "Ve\u001b[31mra"],
      ["jobPosition", "Analyst\u0007"],
      ["jobDescription", "Text\u0000"],
      ["lastName", "Visi\u0085tor"],
    ] as const) {
      const result = profileSchema.safeParse({ ...valid, [field]: value });
      expect(result.error?.issues[0]).toMatchObject({ path: [field], message: "validation.controlCharacters" });
    }
  });
});
