import { describe, expect, it } from "vitest";
import { isPrivatePath, pageAlternates, pageUrl, privatePathRules } from "./crawling";

const origin = "https://portal.example.com";

describe("[security3-item7] what crawlers are told about a page", () => {
  it("[security3-item7] keeps the dashboard, reset, invitation, access and notification address links and the APIs private, in every language, and nothing else", () => {
    for (const path of [
      "/dashboard",
      "/zh/dashboard/econ/feeds",
      "/en/reset-password/abc",
      "/reset-password",
      "/invitation/abc",
      "/zh/invitation/abc",
      "/notification-address/abc",
      "/zh/notification-address/abc",
      "/api-products/econ/sandbox/0123456789abcdef0123456789abcdef0123456789a",
      "/zh/api-products/econ/sandbox/token",
      "/api/auth/user",
      "/data-api/macroeconomic/series/search",
    ]) {
      expect(isPrivatePath(path), path).toBe(true);
    }
    for (const path of ["/", "/zh", "/api-products", "/api-products/econ/sandbox", "/docs/econ/macroeconomic", "/zh/faq", "/llms.txt"]) {
      expect(isPrivatePath(path), path).toBe(false);
    }
    expect(privatePathRules()).toEqual([
      "/dashboard",
      "/en/dashboard",
      "/zh/dashboard",
      "/reset-password",
      "/en/reset-password",
      "/zh/reset-password",
      "/invitation/",
      "/en/invitation/",
      "/zh/invitation/",
      "/api-products/econ/sandbox/",
      "/en/api-products/econ/sandbox/",
      "/zh/api-products/econ/sandbox/",
      "/api/",
      "/data-api/",
      "/notification-address/",
      "/en/notification-address/",
      "/zh/notification-address/",
    ]);
  });

  it("[security3-item7] gives a page its absolute URL in each language, English unprefixed, the query kept", () => {
    expect(pageUrl(origin, "/", "en")).toBe("https://portal.example.com/");
    expect(pageUrl(origin, "/", "zh")).toBe("https://portal.example.com/zh");
    expect(pageUrl(`${origin}/`, "/zh/faq", "en")).toBe("https://portal.example.com/faq");
    expect(pageUrl(origin, "/en/faq", "zh")).toBe("https://portal.example.com/zh/faq");
    const operation = "/docs/econ/macroeconomic/docs/series?path=%2Fseries%2F%7Bid%7D&method=get";
    expect(pageUrl(origin, operation, "zh")).toBe(`https://portal.example.com/zh${operation}`);
  });

  it("[security3-item7] names the page in English, Chinese (as <html lang> does) and English for everyone else; a private page none", () => {
    expect(pageAlternates(origin, "/zh/docs?x=1")).toEqual([
      { hreflang: "en", href: "https://portal.example.com/docs?x=1" },
      { hreflang: "zh-CN", href: "https://portal.example.com/zh/docs?x=1" },
      { hreflang: "x-default", href: "https://portal.example.com/docs?x=1" },
    ]);
    expect(pageAlternates(origin, "/zh/dashboard?tab=1")).toEqual([]);
  });
});
