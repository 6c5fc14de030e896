import { hasControlCharacters } from "~/modules/url/control-characters";

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

/** A remote directory: "/" separated, no "..", no control characters (they would end the FTP command), always absolute. */
export function normaliseRemoteDirectory(value: string): string | null {
  if (hasControlCharacters(value)) return null;
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
