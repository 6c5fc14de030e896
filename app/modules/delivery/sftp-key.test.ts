import { generateKeyPairSync } from "node:crypto";
import { utils } from "ssh2";
import { describe, expect, it } from "vitest";
import { maxPrivateKeyLength, privateKeyProblem } from "./sftp-key";
import { ed25519KeyPair } from "../../../tests/support/ssh-keys";

describe("privateKeyProblem", () => {
  it("accepts unencrypted OpenSSH and PEM private keys, pasted with surrounding blank space", () => {
    const ed25519 = ed25519KeyPair().private;
    const rsaOpenSsh = utils.generateKeyPairSync("rsa", { bits: 2048 }).private;
    const rsaPem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs1", format: "pem" }).toString();
    const pkcs8 = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    for (const key of [ed25519, rsaOpenSsh, rsaPem, pkcs8]) expect(privateKeyProblem(`\n  ${key}\r\n`), key.slice(0, 40)).toBeNull();
    expect(privateKeyProblem(ed25519.replace(/\n/g, "\r\n"))).toBeNull();
  });

  it("refuses keys under a passphrase: nobody types one when the worker connects", () => {
    const openSsh = ed25519KeyPair({ passphrase: "secret", cipher: "aes256-ctr", rounds: 4 }).private;
    const pkcs8 = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .privateKey.export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "secret" })
      .toString();
    const pem = generateKeyPairSync("rsa", { modulusLength: 2048 })
      .privateKey.export({ type: "pkcs1", format: "pem", cipher: "aes-256-cbc", passphrase: "secret" })
      .toString();
    expect(privateKeyProblem(openSsh)).toBe("validation.sftpKeyEncrypted");
    expect(privateKeyProblem(pem)).toBe("validation.sftpKeyEncrypted");
    // "ENCRYPTED PRIVATE KEY" armour is not one of the accepted ones.
    expect(privateKeyProblem(pkcs8)).toBe("validation.sftpKey");
  });

  it("refuses public keys, fragments, mismatched armour, garbage inside the armour and overlong text", () => {
    const pair = ed25519KeyPair();
    const lines = pair.private.trim().split("\n");
    for (const text of [
      pair.public,
      "",
      "password",
      lines.slice(0, -1).join("\n"),
      lines.slice(1).join("\n"),
      pair.private.replace("END OPENSSH", "END RSA"),
      "-----BEGIN OPENSSH PRIVATE KEY-----\nnot base64 at all!\n-----END OPENSSH PRIVATE KEY-----",
      "-----BEGIN OPENSSH PRIVATE KEY-----\naGVsbG8gd29ybGQ=\n-----END OPENSSH PRIVATE KEY-----",
      `-----BEGIN RSA PRIVATE KEY-----\n${"A".repeat(maxPrivateKeyLength)}\n-----END RSA PRIVATE KEY-----`,
    ])
      expect(privateKeyProblem(text), text.slice(0, 60)).toBe("validation.sftpKey");
  });
});
