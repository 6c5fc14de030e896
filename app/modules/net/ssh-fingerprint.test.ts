import { describe, expect, it } from "vitest";
import { hostKeyFingerprint } from "./ssh-fingerprint";

describe("hostKeyFingerprint", () => {
  it("is what `ssh-keygen -lf` prints for the key", () => {
    // ssh-keygen -lf of this public key: 256 SHA256:vW/1gggpPFrDqZ+gpJ3CL6/hyuhFIeSRSiUSEBPIlJ0 (ED25519)
    const blob = Buffer.from("AAAAC3NzaC1lZDI1NTE5AAAAIGHyabRSgM+dHAru7yI06ogwagBmXXG0mXG26lgPQWub", "base64");
    expect(hostKeyFingerprint(blob)).toBe("SHA256:vW/1gggpPFrDqZ+gpJ3CL6/hyuhFIeSRSiUSEBPIlJ0");
  });

  it("has no base64 padding and differs for another key", () => {
    const other = hostKeyFingerprint(Buffer.from("another key"));
    expect(other).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(other).not.toBe(hostKeyFingerprint(Buffer.from("another kez")));
  });
});
