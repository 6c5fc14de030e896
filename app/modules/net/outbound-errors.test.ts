import { FTPError } from "basic-ftp";
import { describe, expect, it } from "vitest";
import {
  AddressNotAllowedError,
  ControlCharacterError,
  HostKeyChangedError,
  LoginRefusedError,
  refuseControlCharacters,
  subscriberFailure,
  subscriberReason,
  UnexpectedStatusError,
} from "./outbound-errors";

function socketError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

describe("outbound errors", () => {
  it("[security-2] refuses CR, LF and other control characters instead of stripping them", () => {
    for (const value of ["user\r\nDELE x", "pass\n", "a\u0000", "\u001b[0m", "tab\t", "del\u007f", "c1\u0085"]) {
      expect(() => refuseControlCharacters("ftpUserName", value)).toThrow(ControlCharacterError);
    }
    expect(() => refuseControlCharacters("ftpUserName", "ann.o'neil@例え.jp 😀")).not.toThrow();
    expect(() => refuseControlCharacters("ftpPassword", "x\r\n")).toThrow(
      "The FTP password contains a line break or another control character",
    );
  });

  it("[security-2] gives subscribers a reason without socket errors, addresses or ports", () => {
    const raw = [
      socketError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:6379"),
      socketError("ETIMEDOUT", "connect ETIMEDOUT 10.0.0.5:22"),
      socketError("EHOSTUNREACH", "connect EHOSTUNREACH 169.254.169.254:80"),
      new Error("Can't open data connection in passive mode: connect ECONNREFUSED 127.0.0.2:18090"),
      new Error("Timeout (control socket)"),
    ];
    expect(raw.map((error) => subscriberReason("ftp", error))).toEqual(Array(raw.length).fill("The FTP server could not be reached"));
    expect(subscriberReason("webhook", raw[0])).toBe("The webhook could not be reached");
    expect(subscriberReason("ftp", new AddressNotAllowedError("x resolves to 127.0.0.1 (loopback)"))).toBe(
      "The address is not allowed: deliveries go to public hosts only",
    );
    expect(subscriberReason("webhook", socketError("ENOTFOUND", "getaddrinfo ENOTFOUND internal.corp"))).toBe(
      "The host name could not be resolved",
    );
    expect(subscriberReason("webhook", socketError("DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate"))).toBe(
      "The webhook has no valid TLS certificate for its name",
    );
    expect(subscriberReason("webhook", new UnexpectedStatusError(503, "POST http://hooks.test/in"))).toBe("The webhook answered HTTP 503");
    expect(subscriberReason("ftp", new FTPError({ code: 530, message: "530 Login incorrect." }))).toBe("The FTP server refused the login");
    expect(subscriberReason("ftp", new FTPError({ code: 530, message: "530 Login incorrect." }), "feeduser")).toBe(
      "The FTP server refused the login for user feeduser",
    );
    expect(subscriberReason("ftp", new FTPError({ code: 553, message: "553 /etc/passwd: denied" }))).toBe(
      "The FTP server refused the transfer (reply 553)",
    );
  });

  it("[security-2] keeps the raw cause in the stack for the pipeline incident, out of the message", () => {
    const failure = subscriberFailure("ftp", socketError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:6379"));
    expect(failure.message).toBe("The FTP server could not be reached");
    expect(failure.stack).toContain("Caused by: Error: connect ECONNREFUSED 127.0.0.1:6379");
    expect(subscriberFailure("webhook", failure)).toBe(failure);
  });

  it("names the user of a refused login and both fingerprints of a changed host key, for FTP, FTPS and SFTP", () => {
    const refused = new LoginRefusedError("feeduser", new FTPError({ code: 530, message: "530 Login incorrect." }));
    expect(subscriberReason("ftp", refused)).toBe("The FTP server refused the login for user feeduser");
    expect(subscriberReason("ftps", refused)).toBe("The FTPS server refused the login for user feeduser");
    expect(subscriberReason("sftp", refused)).toBe("The SFTP server refused the login for user feeduser");
    expect(subscriberReason("sftp", new HostKeyChangedError("SHA256:old", "SHA256:new"))).toMatch(
      /^The SFTP server's host key changed: it was SHA256:old at the first delivery and is now SHA256:new\. /,
    );
    const sshError = (level: string, message: string) => Object.assign(new Error(message), { level });
    expect(subscriberReason("sftp", sshError("client-timeout", "Timed out while waiting for handshake"))).toBe(
      "The SFTP server did not answer in time",
    );
    expect(subscriberReason("sftp", socketError("ECONNREFUSED", "connect ECONNREFUSED 10.0.0.5:22"))).toBe(
      "The SFTP server could not be reached",
    );
    expect(subscriberReason("ftps", socketError("UNABLE_TO_VERIFY_LEAF_SIGNATURE", "unable to verify"))).toBe(
      "The FTPS server has no valid TLS certificate for its name",
    );
  });
});
