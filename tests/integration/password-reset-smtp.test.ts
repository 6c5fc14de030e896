import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSmtpServer } from "../support/loopback-servers";
import { waitFor } from "../support/wait";
import { freePort } from "../support/free-port";

/** A real SMTP server on loopback: once it has the reset mail, the outbox must no longer hold the link. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let port = 0;

beforeAll(async () => {
  port = await freePort();
  smtp = await startSmtpServer(port);
});

afterAll(async () => {
  await smtp.close();
});

async function importWithSmtp(url: string) {
  vi.resetModules();
  process.env.SMTP_URL = url;
  try {
    return {
      reset: await import("~/modules/auth/password-reset.server"),
      crypto: await import("~/modules/auth/crypto.server"),
      engine: await import("~/modules/server/engine.server"),
      worker: await import("~/modules/jobs/worker.server"),
      ids: await import("~/modules/db/ids"),
      db: (await import("~/modules/db/db.server")).db,
    };
  } finally {
    delete process.env.SMTP_URL;
  }
}

describe("password reset over SMTP", () => {
  it("[security-7] the outbox body no longer holds the reset link once SMTP has sent it", async () => {
    const { reset, crypto, engine, worker, ids, db } = await importWithSmtp(`smtp://127.0.0.1:${port}`);
    const userId = ids.newId();
    await db
      .insertInto("users")
      .values({
        id: userId,
        email: "smtp-reset@example.com",
        username: "smtp-reset@example.com",
        password_hash: await crypto.hashPassword("the old password"),
        picture_type: null,
        created_at: ids.nowIso(),
      })
      .execute();
    const running = worker.startWorker({
      handlers: { [reset.passwordResetMailJob]: engine.engineHandlers[reset.passwordResetMailJob]! },
      pollMs: 25,
      concurrency: 1,
    });
    try {
      const outcome = await reset.requestPasswordReset({
        email: "smtp-reset@example.com",
        resetPath: "/zh/reset-password",
        clientAddress: "192.0.2.50",
      });
      expect(outcome.allowed).toBe(true);
      await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 10_000 });
      const token = /http:\/\/localhost:3000\/zh\/reset-password\/(\S+)/.exec(smtp.received[0]!.text)?.[1];
      expect(token).toBeTruthy();

      const [mail] = await waitFor(
        () => db.selectFrom("outbox").selectAll().where("recipient", "=", "smtp-reset@example.com").execute(),
        (rows) => rows[0]?.status === "sent",
      );
      expect(mail!.body).not.toContain(token);
      expect(mail!.body).not.toContain("/reset-password/");
      expect(mail!.body).toContain("removed from the outbox");
      expect(await reset.isResetTokenUsable(token!)).toBe(true);
    } finally {
      await running.stop();
      await db.destroy();
    }
  });
});
