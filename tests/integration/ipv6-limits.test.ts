import { beforeAll, describe, expect, it } from "vitest";
import { authenticator, LoginError } from "~/modules/auth/login.server";
import { requestPasswordReset } from "~/modules/auth/password-reset.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { CLIENT_ADDRESS_HEADER } from "~/modules/http/client-address.server";
import { testPasswordHash } from "../support/password-hash";

/** An address of the /64 2001:db8:64:1::/64, its interface part counted from `index`. */
const inPrefix = (index: number) => `2001:db8:64:1:${(index + 1).toString(16)}::${(index * 7 + 3).toString(16)}`;

let passwordHash: string;

beforeAll(async () => {
  passwordHash = testPasswordHash("the right password");
});

async function createAccount(email: string): Promise<void> {
  const id = newId();
  await db
    .insertInto("users")
    .values({ id, email, username: email, password_hash: passwordHash, picture_type: null, created_at: nowIso() })
    .execute();
  await db.insertInto("user_platforms").values({ user_id: id, platform: "econ" }).execute();
}

/** A wrong password through the real sign-in strategy, from `address`: "wrong", or "wait" once throttled. */
async function failSignIn(email: string, address: string): Promise<"wrong" | "wait"> {
  const request = new Request("http://localhost/login/econ", {
    method: "POST",
    body: new URLSearchParams({ email, password: "wrong password" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: address },
  });
  try {
    await authenticator.authenticate("econ", request);
    throw new Error("signed in with a wrong password");
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    return error.messageKey === "auth.tooManyAttempts" ? "wait" : "wrong";
  }
}

describe("limits keyed on the client address", () => {
  it("[security3-N14] count every address of one IPv6 /64 as one client at sign-in", async () => {
    const emails = Array.from({ length: 21 }, (_, index) => `v6-${index}@example.com`);
    for (const email of emails) await createAccount(email);
    // 20 failures from 20 addresses of one /64 are the free failures of one client address...
    for (const [index, email] of emails.slice(0, 20).entries()) expect(await failSignIn(email, inPrefix(index))).toBe("wrong");
    // ...so a 21st address of the same /64 waits, while the next /64 does not.
    expect(await failSignIn(emails[20]!, inPrefix(20))).toBe("wait");
    expect(await failSignIn(emails[20]!, "2001:db8:64:2::1")).toBe("wrong");
  });

  it("[security3-N14] count every address of one IPv6 /64 as one client for reset links", async () => {
    const reset = (index: number, address: string) =>
      requestPasswordReset({ email: `reset-${index}@example.com`, resetPath: "/reset-password", clientAddress: address });
    for (let index = 0; index < 10; index++) expect((await reset(index, inPrefix(100 + index))).allowed).toBe(true);
    expect((await reset(10, inPrefix(110))).allowed).toBe(false);
    expect((await reset(11, "2001:db8:64:3::1")).allowed).toBe(true);
  });
});
