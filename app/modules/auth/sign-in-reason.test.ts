import { describe, expect, it } from "vitest";
import { signInReason } from "./sign-in-reason";

describe("signInReason", () => {
  it("names the FAQ, in either language and with a query", () => {
    expect(signInReason("/faq")).toBe("faq");
    expect(signInReason("/zh/faq?topic=1")).toBe("faq");
  });
  it("says another page needs a sign-in", () => {
    expect(signInReason("/dashboard/profile")).toBe("page");
    expect(signInReason("/faqs")).toBe("page");
  });
  it("gives none without a page to go to", () => {
    expect(signInReason(null)).toBeNull();
    expect(signInReason("/")).toBeNull();
    expect(signInReason("/zh")).toBeNull();
    expect(signInReason("https://evil.example/faq")).toBeNull();
  });
});
