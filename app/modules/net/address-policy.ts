import ipaddr from "ipaddr.js";

/**
 * Which addresses the worker may connect to for a subscriber: global unicast only, as the IANA
 * special-purpose registries define it. IPv6 forms that carry an IPv4 address (mapped, NAT64, 6to4) are
 * judged by the IPv4 address they carry, so no notation reaches loopback or the provider's network.
 */

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

export interface AddressClass {
  /** The address to connect to: the IPv4 address itself for an IPv4-mapped IPv6 address. */
  address: string;
  /** The range it falls in ("unicast", "loopback", "private", "6to4 of private", ...), for server logs. */
  range: string;
  /** Whether it is globally reachable unicast. */
  global: boolean;
}

const globalUnicastV6 = ipaddr.IPv6.parseCIDR("2000::/3");
const nat64 = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

/** "[::1]" -> "::1": URL and FTP hosts bracket IPv6 literals, sockets and resolvers want them bare. */
export function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

/** An address literal in any notation ipaddr.js reads (2130706433, 127.1, 0x7f.1, ::ffff:7f00:1), or null for a name. */
export function parseIpLiteral(host: string): IpAddress | null {
  const bare = stripBrackets(host);
  return ipaddr.isValid(bare) ? ipaddr.parse(bare) : null;
}

function ipv4FromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

function classifyIpv4(address: ipaddr.IPv4): AddressClass {
  const range = address.range();
  return { address: address.toString(), range, global: range === "unicast" };
}

/** The IPv4 address a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address leads to, if it is one. */
function translatedIpv4(address: ipaddr.IPv6): { kind: string; ipv4: ipaddr.IPv4 } | null {
  const [, second = 0, third = 0, , , , seventh = 0, eighth = 0] = address.parts;
  if (address.match(nat64)) return { kind: "NAT64", ipv4: ipv4FromWords(seventh, eighth) };
  if (address.range() === "6to4") return { kind: "6to4", ipv4: ipv4FromWords(second, third) };
  return null;
}

export function classifyAddress(address: IpAddress): AddressClass {
  if (address instanceof ipaddr.IPv4) return classifyIpv4(address);
  if (address.isIPv4MappedAddress()) return classifyIpv4(address.toIPv4Address());
  const translated = translatedIpv4(address);
  if (translated) {
    const inner = classifyIpv4(translated.ipv4);
    return { address: address.toString(), range: `${translated.kind} of ${inner.range}`, global: inner.global };
  }
  const range = address.range();
  // ipaddr.js calls everything outside its special ranges "unicast", IPv4-compatible ::a.b.c.d included.
  const global = range === "unicast" && address.match(globalUnicastV6);
  return { address: address.toString(), range: global || range !== "unicast" ? range : "reserved", global };
}
