import { describe, expect, it } from "vitest";
import { ftpSecretBinding, sftpKeySecretBinding } from "~/modules/delivery/ftp-login";
import { encryptSecret } from "~/modules/secrets/seal";
import { ftpPasswordProblem, reusableFtpPassword, reusableSftpKey } from "./ftp-password";

const key = "a-key-of-at-least-thirty-two-characters";
const login = { host: "ftp://ftp.example.com:2121", username: "owner" };
const onFile = { ...login, path: "/", passwordEncrypted: encryptSecret("OwnerSecret-123", key, ftpSecretBinding("user-1", login)) };
const values = { deliveryMethod: "ftp", ftpUrl: "ftp.example.com:2121", ftpUsername: "owner" };

describe("stored FTP passwords", () => {
  it("keeps the stored password for the same server and login", () => {
    expect(ftpPasswordProblem(values, onFile)).toBeNull();
    expect(reusableFtpPassword(values, onFile)).toBe(onFile.passwordEncrypted);
  });

  it("[security-17] changing the host, port or username without a password asks for it again", () => {
    for (const changed of [{ ftpUrl: "ftp://192.0.2.2:2121" }, { ftpUrl: "ftp.example.com" }, { ftpUsername: "attacker" }]) {
      expect(ftpPasswordProblem({ ...values, ...changed }, onFile)).toBe("validation.ftpPasswordAgain");
      expect(reusableFtpPassword({ ...values, ...changed }, onFile)).toBeNull();
    }
    expect(ftpPasswordProblem({ ...values, ftpUrl: "ftp://192.0.2.2:2121", ftpPassword: "new" }, onFile)).toBeNull();
  });

  it("[security-17] an unbound v1 password or none on file must be typed", () => {
    expect(ftpPasswordProblem(values, { ...onFile, passwordEncrypted: "v1:SWOSSklOI9I44j1y" })).toBe("validation.required");
    expect(reusableFtpPassword(values, { ...onFile, passwordEncrypted: "v1:SWOSSklOI9I44j1y" })).toBeNull();
    expect(ftpPasswordProblem(values, null)).toBe("validation.required");
    expect(ftpPasswordProblem({ ...values, deliveryMethod: "platform" }, null)).toBeNull();
  });
});

describe("SFTP logins", () => {
  const sftpLogin = { host: "sftp://files.example.com", username: "owner" };
  const sealedKey = encryptSecret("-----BEGIN OPENSSH PRIVATE KEY-----", key, sftpKeySecretBinding("user-1", sftpLogin));
  const keyOnFile = { ...sftpLogin, path: "/", passwordEncrypted: "", privateKeyEncrypted: sealedKey };
  const sftp = { deliveryMethod: "sftp", ftpUrl: "sftp://files.example.com", ftpUsername: "owner" };

  it("a pasted key stands for the password, and a stored key is kept for the same server and login", () => {
    expect(ftpPasswordProblem({ ...sftp, sftpPrivateKey: "a key" }, null)).toBeNull();
    expect(ftpPasswordProblem(sftp, null)).toBe("validation.required");
    expect(ftpPasswordProblem(sftp, keyOnFile)).toBeNull();
    expect(reusableSftpKey(sftp, keyOnFile)).toBe(sealedKey);
    expect(reusableFtpPassword(sftp, keyOnFile)).toBeNull();
  });

  it("[security-17] another host, username or method does not keep the key", () => {
    expect(ftpPasswordProblem({ ...sftp, ftpUrl: "sftp://elsewhere.example.com" }, keyOnFile)).toBe("validation.ftpPasswordAgain");
    expect(ftpPasswordProblem({ ...sftp, ftpUsername: "attacker" }, keyOnFile)).toBe("validation.ftpPasswordAgain");
    expect(reusableSftpKey({ ...sftp, deliveryMethod: "ftps" }, keyOnFile)).toBeNull();
    expect(ftpPasswordProblem({ ...sftp, deliveryMethod: "ftps" }, keyOnFile)).toBe("validation.ftpPasswordAgain");
  });
});
