import { describe, expect, it } from "vitest";
import { addressLimitKey } from "./address-key";

describe("addressLimitKey", () => {
  it("[security3-N14] counts IPv6 clients per /64, however they write the address", () => {
    const key = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:0000:0000:0000:0009",
      "2001:DB8:1:2::a",
    ]) {
      expect(addressLimitKey(address)).toBe(key);
    }
    expect(addressLimitKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressLimitKey("fe80::1%eth0")).toBe("fe80::/64");
  });

  it("[security3-N14] counts IPv4 clients, mapped or not, per address", () => {
    expect(addressLimitKey("203.0.113.9")).toBe("203.0.113.9");
    expect(addressLimitKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(addressLimitKey("203.0.113.10")).toBe("203.0.113.10");
  });

  it("shares one budget without an address, and keeps what is not an address as it is", () => {
    expect(addressLimitKey(null)).toBe("unknown");
    expect(addressLimitKey("")).toBe("unknown");
    expect(addressLimitKey("not-an-address")).toBe("not-an-address");
  });
});
