import ipaddr from "ipaddr.js";

/**
 * The part of a client address a limit counts: an IPv4 address whole, an IPv6 address by its /64, which one
 * subscriber line or host usually holds entire (2^64 addresses would otherwise be 2^64 budgets). "unknown"
 * outside the HTTP server, where every caller then shares one budget. Only limit keys use this: the address
 * itself (reCAPTCHA's remoteip) stays whole.
 */
export function addressLimitKey(address: string | null): string {
  if (!address) return "unknown";
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}
