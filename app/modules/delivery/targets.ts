/** Where a file goes and who is told: parsing and shaping, without any IO (see channels.server.ts). */

export interface FtpAddress {
  host: string;
  port: number;
  /** ftps:// asks for explicit TLS. */
  secure: boolean;
}

/** "ftp.example.com", "ftp.example.com:2121", "ftp://ftp.example.com" or "ftps://host:990" -> address. */
export function parseFtpHost(value: string, port?: number): FtpAddress | null {
  const trimmed = value.trim();
  const match = /^(?:(ftps?):\/\/)?([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\])(?::(\d{1,5}))?\/?$/.exec(trimmed);
  if (!match) return null;
  const parsedPort = match[3] ? Number(match[3]) : (port ?? 21);
  if (!Number.isInteger(parsedPort) || parsedPort < 1 || parsedPort > 65535) return null;
  return { host: match[2]!, port: parsedPort, secure: match[1] === "ftps" };
}

/** A remote directory: "/" separated, no "..", always absolute. */
export function normaliseRemoteDirectory(value: string): string | null {
  const parts = value.split("/").filter((part) => part !== "" && part !== ".");
  if (parts.some((part) => part === "..")) return null;
  return `/${parts.join("/")}`;
}

/** Several notification addresses separated by commas (SPEC.md section 5). */
export function splitAddresses(value: string): string[] {
  return value
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
}

export const webhookMethods = ["POST", "PUT", "PATCH", "GET"] as const;
export type WebhookMethod = (typeof webhookMethods)[number];

export function isWebhookMethod(value: unknown): value is WebhookMethod {
  return typeof value === "string" && (webhookMethods as readonly string[]).includes(value);
}

/** The event as JSON in the body, or as query parameters for GET. */
export function webhookRequest(url: string, method: WebhookMethod, event: Record<string, string | number | null>): { url: string; init: RequestInit } {
  if (method === "GET") {
    const target = new URL(url);
    for (const [key, value] of Object.entries(event)) target.searchParams.set(key, value === null ? "" : String(value));
    return { url: target.toString(), init: { method } };
  }
  return {
    url,
    init: { method, headers: { "Content-Type": "application/json", "User-Agent": "developer-portal-webhook/1" }, body: JSON.stringify(event) },
  };
}

function ipv4Private(address: string): boolean {
  const [a = 0, b = 0] = address.split(".").map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

/** Loopback, private, link-local, unspecified or multicast: not somewhere a subscriber's file should go. */
export function isPrivateAddress(address: string): boolean {
  const lower = address.toLowerCase().replace(/^\[|\]$/g, "");
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(lower)) return ipv4Private(lower);
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(lower);
  if (mapped) return ipv4Private(mapped[1]!);
  return lower === "::" || lower === "::1" || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || /^ff/.test(lower);
}
