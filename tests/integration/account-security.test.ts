import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "~/modules/auth/crypto.server";
import { authenticator, LoginError, loginThrottleKeys } from "~/modules/auth/login.server";
import { isResetTokenUsable, passwordResetMailJob, requestPasswordReset, resetPassword } from "~/modules/auth/password-reset.server";
import { createSession, getOptionalUser, readSessionToken } from "~/modules/auth/session.server";
import { db } from "~/modules/db/db.server";
import { newId, nowIso } from "~/modules/db/ids";
import { engineHandlers } from "~/modules/server/engine.server";
import { CLIENT_ADDRESS_HEADER } from "~/modules/http/client-address.server";
import { startWorker, type Worker } from "~/modules/jobs/worker.server";
import { waitFor } from "../support/wait";
import { testPasswordHash } from "../support/password-hash";

const PASSWORD = "the right password";
let passwordHash: string;

beforeAll(async () => {
  passwordHash = testPasswordHash(PASSWORD);
});

async function createAccount(email: string): Promise<string> {
  const id = newId();
  await db
    .insertInto("users")
    .values({ id, email, username: email, password_hash: passwordHash, picture_type: null, created_at: nowIso() })
    .execute();
  await db.insertInto("user_platforms").values({ user_id: id, platform: "econ" }).execute();
  return id;
}

type Outcome = "signed-in" | "wrong" | { waitSeconds: number };

/** A sign-in through the real strategy, as the HTTP server hands it over (with the client address). */
async function signIn(email: string, password: string, address: string): Promise<Outcome> {
  const request = new Request("http://localhost/login/econ", {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", [CLIENT_ADDRESS_HEADER]: address },
  });
  try {
    await authenticator.authenticate("econ", request);
    return "signed-in";
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    return error.messageKey === "auth.tooManyAttempts" ? { waitSeconds: error.retryAfterSeconds } : "wrong";
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withCookie(cookie: string): Request {
  return new Request("http://localhost/dashboard", { headers: { Cookie: cookie } });
}

describe("sign-in throttling", () => {
  it("[security-5] a burst of 12 concurrent wrong passwords checks at most 5", async () => {
    await createAccount("burst@example.com");
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, index) => signIn("burst@example.com", `wrong ${index}`, "198.51.100.1")),
    );
    // Every attempt counts the others recorded before it; a perfectly simultaneous burst may even check none.
    const checked = outcomes.filter((outcome) => outcome === "wrong").length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(outcomes.filter((outcome) => typeof outcome === "object")).toHaveLength(12 - checked);
    const counted = await db
      .selectFrom("rate_limits")
      .select("points")
      .where("key", "=", loginThrottleKeys("burst@example.com", null).account)
      .executeTakeFirstOrThrow();
    expect(counted.points).toBe(checked);
  });

  it("[security-5] one client address is limited across many accounts, even in a concurrent burst", async () => {
    const emails = Array.from({ length: 30 }, (_, index) => `many-${index}@example.com`);
    for (const email of emails) await createAccount(email);
    const outcomes = await Promise.all(emails.map((email) => signIn(email, "wrong password", "198.51.100.2")));
    const checked = outcomes.filter((outcome) => outcome === "wrong").length;
    expect(checked).toBeLessThanOrEqual(20);
    expect(outcomes.filter((outcome) => typeof outcome === "object")).toHaveLength(30 - checked);
    expect(await signIn("many-0@example.com", "wrong password", "198.51.100.3")).toBe("wrong");

    for (const email of emails.slice(1, 20)) expect(await signIn(email, "wrong password", "198.51.100.3")).toBe("wrong");
    expect(await signIn("many-29@example.com", PASSWORD, "198.51.100.3")).toEqual({ waitSeconds: 1 });
  });

  it("[security-5] growing delays instead of a hard lock: the owner signs in once the delay has passed", async () => {
    await createAccount("owner@example.com");
    for (let attempt = 0; attempt < 5; attempt++) expect(await signIn("owner@example.com", "attacker guess", "198.51.100.4")).toBe("wrong");
    expect(await signIn("owner@example.com", "attacker guess", "198.51.100.4")).toEqual({ waitSeconds: 1 });
    await sleep(1100);
    expect(await signIn("owner@example.com", "attacker guess", "198.51.100.4")).toBe("wrong");
    // The sixth failure doubles the wait, for the owner as for anyone: the account is slowed down, not locked.
    expect(await signIn("owner@example.com", PASSWORD, "192.0.2.10")).toEqual({ waitSeconds: 2 });
    await sleep(2100);
    expect(await signIn("owner@example.com", PASSWORD, "192.0.2.10")).toBe("signed-in");
    expect(await signIn("owner@example.com", "typo", "192.0.2.10")).toBe("wrong");
  });

  it("[security-5] the delay is capped: even after many failures the owner waits minutes, not a lock-out", async () => {
    await createAccount("capped@example.com");
    const key = loginThrottleKeys("capped@example.com", null).account;
    // 40 failures in the hour, the newest six minutes ago: its delay (at most five minutes) has passed.
    await db
      .insertInto("rate_limits")
      .values({ key, points: 40, expire: Date.now() + 54 * 60 * 1000 })
      .execute();
    expect(await signIn("capped@example.com", PASSWORD, "192.0.2.11")).toBe("signed-in");
  });
});

describe("sessions", () => {
  it("[security-6] a broken token cookie is no session, not an error", async () => {
    expect(readSessionToken(withCookie("token=%E0%A4%A"))).toBeNull();
    expect(await getOptionalUser(withCookie("lang=en; token=%E0%A4%A"))).toBeNull();
  });

  it("[security-18] a session idle longer than SESSION_IDLE_HOURS ends and is deleted", async () => {
    const id = await createAccount("idle@example.com");
    const { cookie } = await createSession(id, "econ");
    const session = cookie.split(";")[0]!;
    expect((await getOptionalUser(withCookie(session)))?.email).toBe("idle@example.com");
    const thirteenHoursAgo = nowIso(new Date(Date.now() - 13 * 60 * 60 * 1000));
    await db.updateTable("sessions").set({ last_seen_at: thirteenHoursAgo }).where("user_id", "=", id).execute();
    expect(await getOptionalUser(withCookie(session))).toBeNull();
    expect(await db.selectFrom("sessions").select("id_hash").where("user_id", "=", id).execute()).toHaveLength(0);
  });

  it("[security-18] records a session's use at most about once a minute", async () => {
    const id = await createAccount("seen@example.com");
    const { cookie } = await createSession(id, "econ");
    const session = cookie.split(";")[0]!;
    const lastSeen = async () =>
      (await db.selectFrom("sessions").select("last_seen_at").where("user_id", "=", id).executeTakeFirstOrThrow()).last_seen_at;
    const created = await lastSeen();
    await getOptionalUser(withCookie(session));
    expect(await lastSeen()).toBe(created);

    const elevenHoursAgo = nowIso(new Date(Date.now() - 11 * 60 * 60 * 1000));
    await db.updateTable("sessions").set({ last_seen_at: elevenHoursAgo }).where("user_id", "=", id).execute();
    expect(await getOptionalUser(withCookie(session))).not.toBeNull();
    const refreshed = await lastSeen();
    expect(Date.now() - Date.parse(refreshed!)).toBeLessThan(10_000);
    await getOptionalUser(withCookie(session));
    expect(await lastSeen()).toBe(refreshed);
  });
});

describe("password reset", () => {
  let worker: Worker;
  beforeAll(() => {
    worker = startWorker({ handlers: { [passwordResetMailJob]: engineHandlers[passwordResetMailJob]! }, pollMs: 25, concurrency: 1 });
  });
  afterAll(async () => {
    await worker.stop();
  });

  async function mailsTo(email: string) {
    return db.selectFrom("outbox").selectAll().where("recipient", "=", email).orderBy("created_at").execute();
  }

  async function nextResetToken(email: string, address: string): Promise<string> {
    const before = (await mailsTo(email)).length;
    expect((await requestPasswordReset({ email, resetPath: "/reset-password", clientAddress: address })).allowed).toBe(true);
    worker.nudge();
    const mails = await waitFor(
      () => mailsTo(email),
      (rows) => rows.length > before,
    );
    return /\/reset-password\/(\S+)/.exec(mails.at(-1)!.body)![1]!;
  }

  it("[security-14] the same answer for unknown and known accounts, with the mail left to a job", async () => {
    const id = await createAccount("known@example.com");
    const known = await requestPasswordReset({ email: "known@example.com", resetPath: "/reset-password", clientAddress: "192.0.2.20" });
    const unknown = await requestPasswordReset({ email: "unknown@example.com", resetPath: "/reset-password", clientAddress: "192.0.2.20" });
    expect(known).toEqual(unknown);
    const jobs = await db.selectFrom("jobs").select("kind").where("kind", "=", passwordResetMailJob).execute();
    expect(jobs.length).toBeGreaterThanOrEqual(2);

    worker.nudge();
    const [mail] = await waitFor(
      () => mailsTo("known@example.com"),
      (rows) => rows.length === 1,
    );
    // Without SMTP the outbox is how the mail reaches anyone, so it keeps the link.
    expect(mail).toMatchObject({ status: "stored" });
    expect(mail!.body).toMatch(/http:\/\/localhost:3000\/reset-password\/\S+/);
    expect(await db.selectFrom("password_resets").select("token_hash").where("user_id", "=", id).execute()).toHaveLength(1);
    await waitFor(
      async () =>
        (await db.selectFrom("jobs").select("status").where("kind", "=", passwordResetMailJob).where("status", "!=", "done").execute())
          .length,
      (left) => left === 0,
    );
    expect(await mailsTo("unknown@example.com")).toHaveLength(0);
  });

  it("[security-14] older links stop working after a new request and after a completed reset", async () => {
    const id = await createAccount("links@example.com");
    const first = await nextResetToken("links@example.com", "192.0.2.21");
    expect(await isResetTokenUsable(first)).toBe(true);
    const second = await nextResetToken("links@example.com", "192.0.2.21");
    expect(await isResetTokenUsable(first)).toBe(false);
    expect(await isResetTokenUsable(second)).toBe(true);

    // A link made at the same moment by another worker is ended by the completed reset too.
    const concurrent = "a link issued by a concurrent request";
    await db
      .insertInto("password_resets")
      .values({ token_hash: sha256(concurrent), user_id: id, created_at: nowIso(), expires_at: nowIso(new Date(Date.now() + 60_000)) })
      .execute();
    expect(await isResetTokenUsable(concurrent)).toBe(true);
    expect(await resetPassword(second, "a brand new password")).toBe(true);
    expect(await isResetTokenUsable(concurrent)).toBe(false);
    expect(await resetPassword(concurrent, "another new password")).toBe(false);
    expect(await resetPassword(first, "another new password")).toBe(false);
  });

  it("[security-14] reset requests are rate-limited per account and per client address", async () => {
    for (let index = 0; index < 3; index++) {
      const outcome = await requestPasswordReset({
        email: "Flooded@example.com",
        resetPath: "/reset-password",
        clientAddress: `192.0.2.${30 + index}`,
      });
      expect(outcome.allowed).toBe(true);
    }
    const perAccount = await requestPasswordReset({
      email: "flooded@example.com",
      resetPath: "/reset-password",
      clientAddress: "192.0.2.39",
    });
    expect(perAccount.allowed).toBe(false);
    expect(perAccount.retryAfterSeconds).toBeGreaterThan(3000);

    for (let index = 0; index < 10; index++) {
      const outcome = await requestPasswordReset({
        email: `target-${index}@example.com`,
        resetPath: "/reset-password",
        clientAddress: "192.0.2.40",
      });
      expect(outcome.allowed).toBe(true);
    }
    const perAddress = await requestPasswordReset({
      email: "target-10@example.com",
      resetPath: "/reset-password",
      clientAddress: "192.0.2.40",
    });
    expect(perAddress.allowed).toBe(false);
  });
});
