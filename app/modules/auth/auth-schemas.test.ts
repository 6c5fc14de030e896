import { describe, expect, it } from "vitest";
import { newPasswordSchema, safeRedirect, verifyTokenSchema } from "./auth-schemas";

describe("safeRedirect", () => {
  it("keeps same-site paths only", () => {
    expect(safeRedirect("/faq?x=1")).toBe("/faq?x=1");
    expect(safeRedirect("//evil.example")).toBe("/dashboard");
    expect(safeRedirect("/\\evil.example")).toBe("/dashboard");
    expect(safeRedirect("https://evil.example")).toBe("/dashboard");
    expect(safeRedirect(undefined, "/")).toBe("/");
  });
});

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
