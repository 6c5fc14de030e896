import { withZod } from "@remix-validated-form/with-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { readFormData, withoutPathNames } from "./form-data.server";

describe("readFormData", () => {
  it("[security-13] drops path-like field names that would make remix-validated-form throw", async () => {
    const form = new FormData();
    form.append("a", "a");
    form.append("a.x", "1");
    form.append("b[0]", "2");
    form.append("__proto__", "3");
    form.append("constructor", "4");
    form.append("email", "someone@example.com");
    const validator = withZod(z.object({ email: z.string() }));
    await expect(validator.validate(form)).rejects.toThrow();
    const kept = withoutPathNames(form);
    expect([...kept.keys()]).toEqual(["a", "email"]);
    expect((await validator.validate(kept)).data).toEqual({ email: "someone@example.com" });
  });

  it("[security-8] refuses a body over the limit with a 413", async () => {
    const request = new Request("http://portal.test/contact/general-inquiry", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `text=${"x".repeat(2 * 1024 * 1024)}`,
    });
    await expect(readFormData(request)).rejects.toMatchObject({ status: 413 });
  });

  it("answers a body that is not a form with a 400", async () => {
    const request = new Request("http://portal.test/contact/general-inquiry", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data" },
      body: "no boundary",
    });
    await expect(readFormData(request)).rejects.toMatchObject({ status: 400 });
  });
});
