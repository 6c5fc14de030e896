import { beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.PUBLIC_URL = "http://portal.test";
  process.env.CATALOG_SERIES = "300";
  process.env.CATALOG_COMPANIES = "20";
  process.env.CATALOG_DOCUMENTS = "20";
});

import { createSession } from "~/modules/auth/session.server";
import { getCatalog, prepareCatalog } from "~/modules/catalog/source.server";
import { db } from "~/modules/db/db.server";
import { nowIso } from "~/modules/db/ids";
import { openFtpPassword, openSftpKey } from "~/modules/delivery/ftp-password.server";
import { readDelivery } from "~/modules/feeds/stored";
import * as productApiRoute from "~/routes/api/product-api";
import { insertMacroSubscriber } from "../support/subscribers";
import { ed25519KeyPair } from "../support/ssh-keys";

/** The JSON API of every product takes the SFTP and FTPS settings with the same schema as the forms. */

const context = { cspNonce: "test-nonce" };
let database: string;
const clientKey = ed25519KeyPair();

beforeAll(async () => {
  await prepareCatalog();
  database = (await getCatalog().econLayout())[0]!.id;
}, 120_000);

async function owner() {
  const { id } = await insertMacroSubscriber({ label: "sftp-api" });
  return { id, token: (await createSession(id, "econ")).token };
}

function call(path: string, token: string, method = "GET", json?: unknown) {
  const headers = new Headers({ Authorization: `Bearer ${token}` });
  if (json !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`http://portal.test${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return method === "GET"
    ? productApiRoute.loader({ request, params: {}, context })
    : productApiRoute.action({ request, params: {}, context });
}

const sftpFields = { deliveryMethod: "sftp", ftpUrl: "sftp://files.owner.test:2222", ftpPath: "/in", ftpUsername: "owner" };
const feedRow = (id: string) => db.selectFrom("feeds").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("SFTP and FTPS settings in the JSON API", () => {
  it("stores a pasted private key sealed for the owner and server, never answers it, and shows the host key once recorded", async () => {
    const user = await owner();
    const created = await call("/api/econ-feed", user.token, "POST", {
      name: "SFTP feed",
      database,
      status: "inactive",
      ...sftpFields,
      sftpPrivateKey: clientKey.private,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const { method, ftp } = readDelivery(await feedRow(id));
    expect(method).toBe("sftp");
    expect(ftp).toMatchObject({ host: sftpFields.ftpUrl, username: "owner", passwordEncrypted: "" });
    expect(openSftpKey(ftp!.privateKeyEncrypted!, user.id, ftp!)).toBe(clientKey.private.trim());
    expect(ftp!.privateKeyEncrypted).not.toContain("PRIVATE KEY");

    const shown = async () => {
      const text = await (await call(`/api/econ-feed?id=${id}`, user.token)).text();
      expect(text).not.toContain("PRIVATE KEY");
      expect(text).not.toContain(ftp!.privateKeyEncrypted);
      return (JSON.parse(text) as { delivery: { method: string; ftp: { hostKey: string | null } } }).delivery;
    };
    expect(await shown()).toMatchObject({ method: "sftp", ftp: { host: sftpFields.ftpUrl, hostKey: null } });
    const fingerprint = "SHA256:vW/1gggpPFrDqZ+gpJ3CL6/hyuhFIeSRSiUSEBPIlJ0";
    await db
      .insertInto("sftp_host_keys")
      .values({ source_id: id, host: "files.owner.test", port: 2222, fingerprint, recorded_at: nowIso() })
      .execute();
    expect((await shown()).ftp.hostKey).toBe(fingerprint);

    // The same server and login without a secret keeps the key and the recorded host key.
    const same = await call(`/api/econ-feed?id=${id}`, user.token, "PUT", { name: "Renamed", database, status: "inactive", ...sftpFields });
    expect(same.status).toBe(200);
    expect(readDelivery(await feedRow(id)).ftp!.privateKeyEncrypted).toBe(ftp!.privateKeyEncrypted);
    expect((await shown()).ftp.hostKey).toBe(fingerprint);

    // Another host needs the secret again, and starts again from its first connection.
    const elsewhere = { ...sftpFields, ftpUrl: "sftp://other.owner.test" };
    const refused = await call(`/api/econ-feed?id=${id}`, user.token, "PUT", { name: "Moved", database, status: "inactive", ...elsewhere });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ errors: { ftpPassword: "Enter the password again for the new FTP server." } });
    const moved = await call(`/api/econ-feed?id=${id}`, user.token, "PUT", {
      name: "Moved",
      database,
      status: "inactive",
      ...elsewhere,
      ftpPassword: "sftp s3cret",
    });
    expect(moved.status).toBe(200);
    const stored = readDelivery(await feedRow(id)).ftp!;
    expect(openFtpPassword(stored.passwordEncrypted, user.id, stored)).toBe("sftp s3cret");
    expect(stored.privateKeyEncrypted).toBeUndefined();
    expect(await db.selectFrom("sftp_host_keys").selectAll().where("source_id", "=", id).execute()).toEqual([]);
  });

  it("refuses a key that is not one or is under a passphrase, and an address of another protocol, in both languages", async () => {
    const user = await owner();
    const post = (fields: Record<string, unknown>, lang = "en") =>
      call(`/api/econ-feed?lang=${lang}`, user.token, "POST", {
        name: "SFTP feed",
        database,
        status: "inactive",
        ...sftpFields,
        ...fields,
      });
    const errors = async (response: Response | unknown) => {
      const answer = response as Response;
      expect(answer.status).toBe(422);
      return ((await answer.json()) as { errors: Record<string, string> }).errors;
    };
    expect(await errors(await post({ sftpPrivateKey: clientKey.public }))).toEqual({
      sftpPrivateKey: "Please paste a whole private key, from its -----BEGIN line to its -----END line (OpenSSH or PEM).",
    });
    const locked = ed25519KeyPair({ passphrase: "secret", cipher: "aes256-ctr", rounds: 4 }).private;
    expect(await errors(await post({ sftpPrivateKey: locked }, "zh"))).toEqual({
      sftpPrivateKey: "此私钥受口令保护。交付在无人值守时运行，请粘贴不带口令的私钥。",
    });
    expect(await errors(await post({ ftpUrl: "ftp://files.owner.test", ftpPassword: "x" }))).toMatchObject({ ftpUrl: expect.any(String) });
    expect(await errors(await post({ deliveryMethod: "ftps", ftpUrl: "sftp://files.owner.test", ftpPassword: "x" }))).toMatchObject({
      ftpUrl: expect.any(String),
    });
    expect(await errors(await post({ deliveryMethod: "scp", ftpPassword: "x" }))).toMatchObject({ deliveryMethod: expect.any(String) });
    expect(await errors(await post({}))).toEqual({ ftpPassword: "Please fill out this field." });

    const ftps = await post({ deliveryMethod: "ftps", ftpUrl: "files.owner.test", ftpPassword: "ftps s3cret" });
    expect(ftps.status).toBe(201);
    const { id } = (await ftps.json()) as { id: string };
    expect(readDelivery(await feedRow(id))).toMatchObject({ method: "ftps", ftp: { host: "files.owner.test" } });
  });
});
