import { describe, expect, it } from "vitest";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { projectDecoding, tokenDecoderSchema, withMessages, type TokenHolder } from "./token-decoder";

const holder: TokenHolder = { userId: "u-1", username: "ada@example.com", kind: "session", status: "active" };

describe("tokenDecoderSchema", () => {
  it("trims the token and asks for one when it is missing or blank", () => {
    expect(tokenDecoderSchema.parse({ token: "  econ_abc \n" })).toEqual({ token: "econ_abc" });
    for (const value of [{}, { token: "" }, { token: "   " }]) {
      expect(tokenDecoderSchema.safeParse(value).error?.issues[0]?.message).toBe("validation.required");
    }
    expect(tokenDecoderSchema.safeParse({ token: 42 }).error?.issues[0]?.message).toBe("validation.invalidType");
  });

  it("refuses more than 200 characters", () => {
    expect(tokenDecoderSchema.safeParse({ token: "x".repeat(200) }).success).toBe(true);
    expect(tokenDecoderSchema.safeParse({ token: "x".repeat(201) }).error?.issues[0]?.message).toBe("validation.tooLong|max=200");
  });
});

describe("projectDecoding", () => {
  it("names the user the services found and keeps each service's answer in order", () => {
    const decoding = projectDecoding("hint", [
      { platform: "econ", holder: null },
      { platform: "corp", holder },
      { platform: "intel", holder: { ...holder, status: "expired" } },
    ]);
    expect(decoding).toEqual({
      found: true,
      hint: "hint",
      userId: "u-1",
      username: "ada@example.com",
      services: [
        { platform: "econ", found: false },
        { platform: "corp", found: true, ...holder },
        { platform: "intel", found: true, ...holder, status: "expired" },
      ],
    });
  });

  it("is unknown when no service knows the token, with every service's 'not found'", () => {
    expect(
      projectDecoding("hint", [
        { platform: "econ", holder: null },
        { platform: "corp", holder: null },
        { platform: "intel", holder: null },
      ]),
    ).toEqual({
      found: false,
      reason: "unknown",
      hint: "hint",
      services: [
        { platform: "econ", found: false },
        { platform: "corp", found: false },
        { platform: "intel", found: false },
      ],
    });
  });
});

describe("withMessages", () => {
  const translator = (lang: "en" | "zh") => getFixedT(new Request(`http://localhost/api/admin/token-decoder?lang=${lang}`));

  it("says 'Invalid token!' for a malformed token", async () => {
    expect(withMessages({ found: false, reason: "malformed" }, await translator("en"))).toEqual({
      found: false,
      reason: "malformed",
      message: "Invalid token!",
    });
  });

  it("says which services did not find the token, in the request's language", async () => {
    const decoding = projectDecoding("hint", [
      { platform: "econ", holder },
      { platform: "corp", holder: null },
      { platform: "intel", holder: null },
    ]);
    const english = withMessages(decoding, await translator("en"));
    expect(english).not.toHaveProperty("message");
    expect(english).toHaveProperty("services", [
      { platform: "econ", found: true, ...holder },
      { platform: "corp", found: false, message: "Token was not found in Company platform" },
      { platform: "intel", found: false, message: "Token was not found in Intelligence platform" },
    ]);
    const unknown = projectDecoding("hint", [{ platform: "corp", holder: null }]);
    expect(withMessages(unknown, await translator("zh"))).toMatchObject({
      message: "无效的令牌！",
      services: [{ platform: "corp", found: false, message: "在公司平台中未找到令牌" }],
    });
  });
});
