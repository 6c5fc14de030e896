import { describe, expect, it } from "vitest";
import {
  apiLanguage,
  isExternalHref,
  languageOfPath,
  languageQueryRedirect,
  localizePath,
  localizePathFor,
  splitLanguagePrefix,
  switchLanguagePath,
} from "./language";

describe("language prefixes", () => {
  it("splits the optional prefix", () => {
    expect(splitLanguagePrefix("/zh/terms")).toEqual({ prefix: "zh", path: "/terms" });
    expect(splitLanguagePrefix("/en")).toEqual({ prefix: "en", path: "/" });
    expect(splitLanguagePrefix("/zh/")).toEqual({ prefix: "zh", path: "/" });
    expect(splitLanguagePrefix("/zhx/terms")).toEqual({ prefix: null, path: "/zhx/terms" });
    expect(splitLanguagePrefix("/")).toEqual({ prefix: null, path: "/" });
  });

  it("reads the language of a path, English by default", () => {
    expect(languageOfPath("/zh/contact")).toBe("zh");
    expect(languageOfPath("/contact")).toBe("en");
  });

  it("prefixes internal links only", () => {
    expect(localizePath("/contact", "zh")).toBe("/zh/contact");
    expect(localizePath("/", "zh")).toBe("/zh");
    expect(localizePath("/contact", null)).toBe("/contact");
    expect(localizePath("/zh/contact", "en")).toBe("/zh/contact");
    expect(localizePath("https://status.example.com", "zh")).toBe("https://status.example.com");
    expect(localizePath("//cdn.example.com/x", "zh")).toBe("//cdn.example.com/x");
  });

  it("leaves resources that are not pages without a prefix", () => {
    expect(localizePath("/docs/corp/api-v2/downloads/company_v2_client.py", "zh")).toBe("/docs/corp/api-v2/downloads/company_v2_client.py");
    expect(localizePath("/data-api/company-v2/companies", "zh")).toBe("/data-api/company-v2/companies");
    expect(localizePath("/api/routing/page-data?apiName=company", "zh")).toBe("/api/routing/page-data?apiName=company");
    expect(localizePath("/api-products/econ", "zh")).toBe("/zh/api-products/econ");
    expect(localizePath("/docs/corp/api-v2/getting-started/using-sdk", "zh")).toBe("/zh/docs/corp/api-v2/getting-started/using-sdk");
  });

  it("prefixes a path as the page a request came from", () => {
    expect(localizePathFor(new Request("http://localhost/zh/contact/report-bug"), "/contact")).toBe("/zh/contact");
    expect(localizePathFor(new Request("http://localhost/login/econ"), "/dashboard")).toBe("/dashboard");
  });

  it("switches language and keeps the page and query", () => {
    expect(switchLanguagePath("/contact/report-bug", "?a=1", "zh")).toBe("/zh/contact/report-bug?a=1");
    expect(switchLanguagePath("/zh/contact", "", "en")).toBe("/contact");
    expect(switchLanguagePath("/zh", "", "en")).toBe("/");
  });

  it("sends ?lang= to the page in that language, dropping the parameter", () => {
    const redirect = (href: string) => languageQueryRedirect(new URL(href, "http://portal.test"));
    expect(redirect("/docs/econ/macroeconomic?lang=zh")).toBe("/zh/docs/econ/macroeconomic");
    expect(redirect("/zh/docs/econ/macroeconomic/docs/series?path=%2Fseries&method=get&lang=en")).toBe(
      "/docs/econ/macroeconomic/docs/series?path=%2Fseries&method=get",
    );
    expect(redirect("/docs/econ/macroeconomic?lang=fr")).toBe("/docs/econ/macroeconomic");
    expect(redirect("/zh/faq?lang=fr")).toBe("/zh/faq");
    expect(redirect("/docs/econ/macroeconomic")).toBeNull();
  });

  it("[security-4] never sends ?lang= off the site", () => {
    expect(languageQueryRedirect(new URL("http://portal.test//evil.com/x?lang=en"))).toBe("/evil.com/x");
    expect(languageQueryRedirect(new URL("http://portal.test/zh//evil.com?lang=en"))).toBe("/evil.com");
    expect(languageQueryRedirect(new URL("http://portal.test/%09/evil.com?lang=zh"))).toBe("/");
  });

  it("answers the JSON API in the language of ?lang=, else of Accept-Language", () => {
    const url = (query = "") => new URL(`http://portal.test/api/econ-feeds${query}`);
    expect(apiLanguage(url("?lang=zh"), "en-US")).toBe("zh");
    expect(apiLanguage(url("?lang=fr"), "zh-CN,zh;q=0.9")).toBe("zh");
    expect(apiLanguage(url(), "fr-FR,en;q=0.5,zh;q=0.8")).toBe("zh");
    expect(apiLanguage(url(), "de-DE")).toBe("en");
    expect(apiLanguage(url(), "zh;q=0")).toBe("en");
    expect(apiLanguage(url(), null)).toBe("en");
  });

  it("recognises external links", () => {
    expect(isExternalHref("https://example.com")).toBe(true);
    expect(isExternalHref("/docs")).toBe(false);
  });
});
