import { withZod } from "@remix-validated-form/with-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validateForm } from "./validate-form";

const validator = withZod(z.object({ email: z.string().min(1) }));

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
  return 0;
}

describe("validateForm", () => {
  it("returns the data and the field errors as the validator does", async () => {
    expect((await validateForm(validator, form([["email", "a@example.com"]]))).data).toEqual({ email: "a@example.com" });
    expect((await validateForm(validator, form([["email", ""]]))).error?.fieldErrors.email).toBeDefined();
  });

  it("answers 400 for field names that conflict or reach the prototype (security fuzz test)", async () => {
    for (const entries of [
      [["email", "a"], ["email.x", "b"]],
      [["email", "a"], ["email[0][x]", "b"]],
      [["__proto__.x", "1"]],
      [["constructor[prototype][x]", "1"]],
      [["email", "a"], ["__proto__", "1"]],
      [["email", "a"], ["constructor", "1"]],
    ] as [string, string][][]) {
      expect(await statusOf(validateForm(validator, form(entries))), JSON.stringify(entries)).toBe(400);
    }
  });
});
