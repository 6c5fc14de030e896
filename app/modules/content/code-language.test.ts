import { describe, expect, it } from "vitest";
import { codeLanguageAlone, codeLanguageCookie, codeLanguageOfCookies, isLocalReturnPath, shownLanguage } from "./code-language";

describe("codeLanguageOfCookies", () => {
  it("reads the choice among other cookies", () => {
    expect(codeLanguageOfCookies("code_language=python")).toBe("python");
    expect(codeLanguageOfCookies("token=abc; code_language=php; toast=x")).toBe("php");
  });

  it("ignores a missing, empty or unknown choice", () => {
    expect(codeLanguageOfCookies(undefined)).toBeNull();
    expect(codeLanguageOfCookies("")).toBeNull();
    expect(codeLanguageOfCookies("code_language=cobol")).toBeNull();
    expect(codeLanguageOfCookies("code_language")).toBeNull();
    expect(codeLanguageOfCookies("xcode_language=python")).toBeNull();
  });
});

describe("codeLanguageAlone", () => {
  it("answers a valid choice that is the only cookie", () => {
    expect(codeLanguageAlone("code_language=r")).toBe("r");
    expect(codeLanguageAlone(" code_language=javascript ; ")).toBe("javascript");
  });

  it("refuses a choice beside any other cookie, and an unknown one", () => {
    expect(codeLanguageAlone("code_language=r; token=abc")).toBeNull();
    expect(codeLanguageAlone("code_language=r; code_language=php")).toBeNull();
    expect(codeLanguageAlone("code_language=cobol")).toBeNull();
    expect(codeLanguageAlone("toast=x")).toBeNull();
  });
});

describe("codeLanguageCookie", () => {
  it("keeps the choice a year for the whole site, Secure over HTTPS", () => {
    expect(codeLanguageCookie("php", false)).toBe("code_language=php; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(codeLanguageCookie("php", true)).toMatch(/; Secure$/);
    expect(codeLanguageOfCookies(codeLanguageCookie("php", true))).toBe("php");
  });
});

describe("shownLanguage", () => {
  it("shows the choice where a group has it, else the group's first", () => {
    expect(shownLanguage(["curl", "python", "php"], "php")).toBe("php");
    expect(shownLanguage(["curl", "python"], "r")).toBe("curl");
    expect(shownLanguage(["python", "curl"], null)).toBe("python");
  });
});

describe("isLocalReturnPath", () => {
  it("accepts paths of this site and refuses other origins", () => {
    expect(isLocalReturnPath("/docs/econ/macroeconomic/docs/series?path=%2Fseries&method=get#code-samples")).toBe(true);
    expect(isLocalReturnPath("/zh/docs")).toBe(true);
    expect(isLocalReturnPath("//evil.example")).toBe(false);
    expect(isLocalReturnPath("/\\evil.example")).toBe(false);
    expect(isLocalReturnPath("https://evil.example/")).toBe(false);
    expect(isLocalReturnPath("docs")).toBe(false);
    expect(isLocalReturnPath("/docs\r\nSet-Cookie: x=1")).toBe(false);
  });
});
