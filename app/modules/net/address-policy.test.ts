import { describe, expect, it } from "vitest";
import { classifyAddress, parseIpLiteral, stripBrackets } from "./address-policy";

/** The verdict for a host as it reaches the vetting: a URL's hostname or an FTP host, brackets and all. */
function verdict(host: string) {
  const literal = parseIpLiteral(host);
  if (!literal) throw new Error(`${host} is not an address literal`);
  return classifyAddress(literal);
}

/** The hosts of the list that would be let through: every refusal test expects none. */
const letThrough = (hosts: string[]) => hosts.filter((host) => verdict(host).global);

describe("address policy", () => {
  it("[security-1] refuses IPv4-mapped and IPv4-compatible IPv6 loopback and private addresses in hex and dotted form", () => {
    const hosts = [
      "[::ffff:7f00:1]",
      "[::ffff:127.0.0.1]",
      "::ffff:7f00:1",
      "[::FFFF:7F00:0001]",
      "[0:0:0:0:0:ffff:127.0.0.1]",
      "[::ffff:a9fe:a9fe]",
      "[::ffff:a00:5]",
      "[::ffff:192.168.1.1]",
      "[::127.0.0.1]",
      "[::7f00:1]",
      "[::ffff:0:7f00:1]",
    ];
    expect(letThrough(hosts)).toEqual([]);
  });

  it("[security-1] refuses NAT64 and 6to4 addresses that carry a private IPv4 address", () => {
    const hosts = [
      "[64:ff9b::7f00:1]",
      "[64:ff9b::127.0.0.1]",
      "[64:ff9b::a00:1]",
      "[64:ff9b:1::a00:1]",
      "[2002:7f00:1::1]",
      "[2002:c0a8:101::]",
      "[2002:a9fe:a9fe::1]",
    ];
    expect(letThrough(hosts)).toEqual([]);
    expect(verdict("[2002:7f00:1::1]").range).toBe("6to4 of loopback");
    expect(verdict("[64:ff9b::a00:1]").range).toBe("NAT64 of private");
  });

  it("[security-1] reads decimal, short, octal and hex IPv4 forms as the address they mean", () => {
    expect(parseIpLiteral("2130706433")?.toString()).toBe("127.0.0.1");
    expect(parseIpLiteral("127.1")?.toString()).toBe("127.0.0.1");
    expect(parseIpLiteral("0x7f000001")?.toString()).toBe("127.0.0.1");
    expect(parseIpLiteral("0177.0.0.1")?.toString()).toBe("127.0.0.1");
    expect(letThrough(["2130706433", "127.1", "0x7f.1", "0177.0.0.1", "10.1", "167772161", "0", "3232235777"])).toEqual([]);
  });

  it("[security-1] refuses loopback, private, link-local, CGNAT, unspecified, multicast and broadcast addresses", () => {
    const hosts = [
      "127.0.0.1",
      "127.255.0.9",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.254",
      "0.0.0.0",
      "0.1.2.3",
      "224.0.0.1",
      "239.255.255.250",
      "255.255.255.255",
    ];
    expect(letThrough(hosts)).toEqual([]);
    expect(
      letThrough(["::1", "[::1]", "::", "fc00::1", "fd12:3456::1", "fe80::1", "fe80::1%eth0", "febf::1", "ff02::1", "ff0e::1"]),
    ).toEqual([]);
  });

  it("[security-3] refuses the documentation, benchmarking and reserved ranges of the special-purpose registries", () => {
    const ipv4 = [
      "192.0.0.8",
      "192.0.2.2",
      "198.18.0.1",
      "198.19.255.255",
      "198.51.100.7",
      "203.0.113.9",
      "240.0.0.1",
      "250.1.2.3",
      "192.88.99.1",
    ];
    const ipv6 = [
      "2001:db8::1",
      "2001::1",
      "2001:2::1",
      "2001:10::1",
      "2001:1ff::1",
      "100::1",
      "3fff::1",
      "5f00::1",
      "::ffff:0:0:1",
      "1234::1",
      "4000::1",
    ];
    expect(letThrough([...ipv4, ...ipv6])).toEqual([]);
  });

  it("lets globally reachable unicast through, and connects to the IPv4 address a mapped one carries", () => {
    const hosts = [
      "8.8.8.8",
      "1.1.1.1",
      "172.32.0.1",
      "100.128.0.1",
      "192.0.3.1",
      "198.20.0.1",
      "2606:4700::1111",
      "[2a00:1450:4001::200e]",
      "64:ff9b::808:808",
      "2002:808:808::1",
    ];
    expect(hosts.filter((host) => !verdict(host).global)).toEqual([]);
    expect(verdict("[::ffff:1.1.1.1]")).toEqual({ address: "1.1.1.1", range: "unicast", global: true });
    expect(verdict("[::ffff:7f00:1]")).toEqual({ address: "127.0.0.1", range: "loopback", global: false });
    // ipaddr.js reads a dotted tail after "::" as IPv4-mapped: the connection then goes to that IPv4 address.
    expect(verdict("[::8.8.8.8]")).toEqual({ address: "8.8.8.8", range: "unicast", global: true });
  });

  it("tells names from address literals", () => {
    expect(parseIpLiteral("ftp.example.com")).toBeNull();
    expect(parseIpLiteral("hooks.example.com.")).toBeNull();
    expect(parseIpLiteral("1e100.net")).toBeNull();
    expect(stripBrackets("[2001:db8::1]")).toBe("2001:db8::1");
    expect(stripBrackets("example.com")).toBe("example.com");
  });
});
