import { describe, expect, it } from "vitest";
import { newPasswordSchema, verifyTokenSchema } from "./auth-schemas";

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
});
