import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** The FTPS server's certificate, trusted by the worker through DELIVERY_CA_FILE (set before the app reads its environment). */
const trusted = await vi.hoisted(async () => {
  process.env.CATALOG_SERIES = "300";
  process.env.CATALOG_COMPANIES = "30";
  process.env.CATALOG_DOCUMENTS = "30";
  const { selfSignedCertificate } = await import("../support/loopback-servers");
  const certificate = selfSignedCertificate();
  process.env.DELIVERY_CA_FILE = certificate.certFile;
  return certificate;
});

import { createSession } from "~/modules/auth/session.server";
import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import { sealFtpPassword, sealSftpKey } from "~/modules/delivery/ftp-password.server";
import { shownHostKey } from "~/modules/delivery/sftp-host-keys.server";
import { createDump } from "~/modules/feeds/dumps.server";
import { createFeed, queueFeedRun } from "~/modules/feeds/feeds.server";
import { absoluteFilePath } from "~/modules/feeds/files.server";
import { outputOptionsSchema, type Delivery } from "~/modules/feeds/model";
import type { Worker } from "~/modules/jobs/worker.server";
import { openVettedSftp } from "~/modules/net/outbound.server";
import { hostKeyFingerprint } from "~/modules/net/ssh-fingerprint";
import { startEngine } from "~/modules/server/engine.server";
import * as productApiRoute from "~/routes/api/product-api";
import { selfSignedCertificate, startFtpServer, startSftpServer } from "../support/loopback-servers";
import { insertMacroSubscriber } from "../support/subscribers";
import { waitFor } from "../support/wait";
import { ed25519KeyPair } from "../support/ssh-keys";

let worker: Worker;
let userId: string;
let database: string;
const clientKey = ed25519KeyPair();
const strangerKey = ed25519KeyPair();
let sftp: Awaited<ReturnType<typeof startSftpServer>>;
let ftps: Awaited<ReturnType<typeof startFtpServer>>;
let untrusted: Awaited<ReturnType<typeof startFtpServer>>;

beforeAll(async () => {
  await prepareCatalog();
  userId = (await insertMacroSubscriber({ label: "sftp" })).id;
  database = (await getCatalog().econLayout())[0]!.id;
  sftp = await startSftpServer({ username: "feeds", password: "sftp s3cret", publicKey: clientKey.public });
  ftps = await startFtpServer({ username: "feeds", password: "ftps s3cret" }, "127.0.0.1", { tls: trusted });
  untrusted = await startFtpServer({ username: "feeds", password: "ftps s3cret" }, "127.0.0.1", { tls: selfSignedCertificate() });
  worker = startEngine({ pollMs: 50, concurrency: 2, leaseMs: 2_000, retryBaseMs: 50 });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await Promise.all([sftp?.close(), ftps?.close(), untrusted?.close()]);
});

const silent = { emails: [], url: null, method: "POST" as const };

function sftpDelivery(host: string, secret: { password: string } | { privateKey: string }, username = "feeds"): Delivery {
  const login = { host, username };
  return {
    method: "sftp",
    ftp: {
      ...login,
      path: "/exports/daily",
      passwordEncrypted: "password" in secret ? sealFtpPassword(secret.password, userId, login) : "",
      ...("privateKey" in secret ? { privateKeyEncrypted: sealSftpKey(secret.privateKey, userId, login) } : {}),
    },
  };
}

function ftpsDelivery(port: number, password: string): Delivery {
  // A host name, so that the certificate is checked against it (the address is still vetted and pinned).
  const login = { host: `localhost:${port}`, username: "feeds" };
  return { method: "ftps", ftp: { ...login, path: "/in", passwordEncrypted: sealFtpPassword(password, userId, login) } };
}

async function dumpTo(delivery: Delivery) {
  const id = await createDump(userId, "macroeconomic", {
    name: `Delivered by ${delivery.method}`,
    criteria: { database },
    options: outputOptionsSchema.parse({ format: "json" }),
    delivery,
    notification: silent,
  });
  return { id, file: await waitFor(() => db.selectFrom("files").selectAll().where("dump_id", "=", id).executeTakeFirst(), Boolean) };
}

/** An upload once its first attempt ended: succeeded, or with the reason it failed (retries are another matter). */
async function settled(column: "dump_id" | "feed_run_id", id: string) {
  const row = await waitFor(
    () => db.selectFrom("deliveries").selectAll().where(column, "=", id).executeTakeFirst(),
    (found) => found !== undefined && (found.status === "succeeded" || found.last_error !== null),
  );
  if (!row) throw new Error("no delivery");
  return row;
}

const settledUpload = (dumpId: string) => settled("dump_id", dumpId);

const uploaded = (root: string, ...parts: string[]) => path.join(root, ...parts);

describe("SFTP deliveries through the real worker", () => {
  it("uploads with a password, records the server's host key at the first connection and shows it", async () => {
    const { id, file } = await dumpTo(sftpDelivery(`sftp://127.0.0.1:${sftp.port}`, { password: "sftp s3cret" }));
    const delivery = await settledUpload(id);
    expect(delivery).toMatchObject({ channel: "sftp", status: "succeeded", last_error: null });
    const remote = uploaded(sftp.root, "exports", "daily", file!.filename);
    expect(fs.readFileSync(remote)).toEqual(fs.readFileSync(absoluteFilePath(file!.path)));
    expect(fs.existsSync(`${remote}.part`)).toBe(false);
    const fingerprint = hostKeyFingerprint(sftp.hostKeyBlob);
    expect(await shownHostKey(id, { method: "sftp", ftp: { host: `sftp://127.0.0.1:${sftp.port}` } })).toBe(fingerprint);
    expect(fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    // The dump's JSON, as its page, shows the fingerprint this first connection recorded.
    const { token } = await createSession(userId, "econ");
    const answer = await productApiRoute.loader({
      request: new Request(`http://portal.test/api/econ-dump?id=${id}`, { headers: { Authorization: `Bearer ${token}` } }),
      params: {},
      context: { cspNonce: "" },
    });
    expect(((await answer.json()) as { delivery: { ftp: { hostKey: string } } }).delivery.ftp.hostKey).toBe(fingerprint);
  });

  it("uploads with a pasted private key (public-key authentication)", async () => {
    const { id } = await dumpTo(sftpDelivery(`127.0.0.1:${sftp.port}`, { privateKey: clientKey.private }));
    expect(await settledUpload(id)).toMatchObject({ channel: "sftp", status: "succeeded" });
    expect(sftp.logins).toContainEqual({ username: "feeds", method: "publickey", accepted: true });
    expect(sftp.logins.some((login) => login.method === "password" && login.accepted && login.username !== "feeds")).toBe(false);
  });

  it("a wrong password or key fails the upload with the refused login for the user, and nothing arrives", async () => {
    const before = sftp.logins.length;
    for (const secret of [{ password: "wrong" }, { privateKey: strangerKey.private }]) {
      const { id } = await dumpTo(sftpDelivery(`127.0.0.1:${sftp.port}`, secret, "feeds"));
      const delivery = await settledUpload(id);
      expect(delivery.status).not.toBe("succeeded");
      expect(delivery.last_error).toBe("The SFTP server refused the login for user feeds");
    }
    expect(sftp.logins.slice(before).every((login) => !login.accepted)).toBe(true);
  });

  it("a feed whose server shows another host key than at its first delivery fails with the reason, and uploads nothing", async () => {
    const first = await startSftpServer({ username: "feeds", password: "sftp s3cret" });
    const host = `127.0.0.1:${first.port}`;
    const feedId = await createFeed(userId, "macroeconomic", {
      name: "SFTP feed",
      frequency: "daily",
      criteria: { database },
      options: outputOptionsSchema.parse({ format: "json" }),
      delivery: sftpDelivery(host, { password: "sftp s3cret" }),
      notification: silent,
    });
    const runs = () => db.selectFrom("feed_runs").selectAll().where("feed_id", "=", feedId).orderBy("started_at").execute();
    /** The catalog moves on until a run has changes to deliver; that run's upload once its first attempt ended. */
    const nextUpload = async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const before = (await runs()).length;
        await getCatalog().advance(new Date());
        await queueFeedRun(feedId);
        const run = (await waitFor(runs, (rows) => rows.length === before + 1 && rows[before]!.status !== "running"))[before]!;
        if (run.status === "unchanged") continue;
        return settled("feed_run_id", run.id);
      }
      throw new Error("The catalog did not change in five advances");
    };
    expect(await nextUpload()).toMatchObject({ channel: "sftp", status: "succeeded" });
    const lastSuccess = () => db.selectFrom("feeds").select("last_success_at").where("id", "=", feedId).executeTakeFirstOrThrow();
    // The feed notes its success just after the attempt is settled.
    const delivered = await waitFor(lastSuccess, (row) => row.last_success_at !== null);
    expect(delivered.last_success_at).not.toBeNull();
    const recorded = hostKeyFingerprint(first.hostKeyBlob);
    expect(await shownHostKey(feedId, { method: "sftp", ftp: { host } })).toBe(recorded);
    await first.close();

    // Another server (another host key) now answers on the same address.
    const impostor = await startSftpServer({ username: "feeds", password: "sftp s3cret", port: first.port });
    try {
      const failed = await nextUpload();
      const shown = hostKeyFingerprint(impostor.hostKeyBlob);
      expect(failed.last_error).toContain(
        `The SFTP server's host key changed: it was ${recorded} at the first delivery and is now ${shown}`,
      );
      expect(impostor.logins).toEqual([]);
      expect(fs.readdirSync(impostor.root)).toEqual([]);
      expect(await shownHostKey(feedId, { method: "sftp", ftp: { host } })).toBe(recorded);
      // The feed moves on only with a file that arrived: the next run carries these changes again. (A run that found
      // nothing new between the two may have moved it, harmlessly, but never to the failed run.)
      const failedRun = await db
        .selectFrom("feed_runs")
        .select("started_at")
        .where("id", "=", failed.feed_run_id!)
        .executeTakeFirstOrThrow();
      const after = (await lastSuccess()).last_success_at!;
      expect(Date.parse(after)).toBeGreaterThanOrEqual(Date.parse(delivered.last_success_at!));
      expect(Date.parse(after)).toBeLessThan(Date.parse(failedRun.started_at));
    } finally {
      await impostor.close();
    }
  });
});

describe("FTPS deliveries through the real worker", () => {
  it("uploads over explicit TLS to a server whose certificate DELIVERY_CA_FILE trusts", async () => {
    const { id, file } = await dumpTo(ftpsDelivery(ftps.port, "ftps s3cret"));
    expect(await settledUpload(id)).toMatchObject({ channel: "ftps", status: "succeeded", last_error: null });
    expect(fs.existsSync(uploaded(ftps.root, "in", file!.filename))).toBe(true);
  });

  it("refuses a certificate nothing trusts, and a wrong password names the user", async () => {
    const { id } = await dumpTo(ftpsDelivery(untrusted.port, "ftps s3cret"));
    expect((await settledUpload(id)).last_error).toBe("The FTPS server has no valid TLS certificate for its name");
    expect(fs.readdirSync(untrusted.root)).toEqual([]);

    const refused = await dumpTo(ftpsDelivery(ftps.port, "wrong"));
    expect((await settledUpload(refused.id)).last_error).toBe("The FTPS server refused the login for user feeds");
  });
});

describe("SFTP through the vetted client", () => {
  it("refuses a loopback SFTP server when private hosts are denied, before any connection, and names no address to the subscriber", async () => {
    const before = sftp.logins.length;
    const access = { host: "localhost", port: sftp.port, user: "feeds", password: "sftp s3cret", knownHostKey: null };
    await expect(openVettedSftp(access, { allowPrivate: false })).rejects.toThrow(/only public hosts may be reached/);
    expect(sftp.logins).toHaveLength(before);
    const session = await openVettedSftp(access, { allowPrivate: true });
    session.close();
    expect(session.hostKey).toBe(hostKeyFingerprint(sftp.hostKeyBlob));
  });
});
