import { describe, expect, it } from "vitest";
import { loginName } from "./login-name";

describe("loginName", () => {
  it("[security3-N1] gives every case and white-space variant of a name one form", () => {
    const variants = ["intel@demo.test", " intel@demo.test", "intel@demo.test\t", "\nINTEL@demo.test\r\n", "\u00a0Intel@Demo.Test "];
    expect(new Set(variants.map(loginName))).toEqual(new Set(["intel@demo.test"]));
  });

  it("keeps what is inside the name", () => {
    expect(loginName(" Ann Lee ")).toBe("ann lee");
  });
});
