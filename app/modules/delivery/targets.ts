import { hasControlCharacters } from "~/modules/url/control-characters";

/** Where a file goes and who is told: parsing and shaping, without any IO (see channels.server.ts). */

/** Platform download, or an upload: FTP, FTP over explicit TLS, or SFTP (password or private key). */
export const deliveryMethods = ["platform", "ftp", "ftps", "sftp"] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];
export type UploadMethod = Exclude<DeliveryMethod, "platform">;

export function isUploadMethod(method: string): method is UploadMethod {
  return method === "ftp" || method === "ftps" || method === "sftp";
}

/** The port a host without one is reached on: 22 for SFTP, 21 otherwise. */
export function defaultPortOf(method: string): number {
  return method === "sftp" ? 22 : 21;
}

export interface FtpAddress {
  host: string;
  port: number;
  /** ftps:// asks for explicit TLS. */
  secure: boolean;
}

/** "ftp.example.com", "ftp.example.com:2121", "ftp://ftp.example.com", "ftps://host:990" or "sftp://host:2222" -> address. */
export function parseFtpHost(value: string, port?: number): FtpAddress | null {
  const trimmed = value.trim();
  const match = /^(?:(ftps?|sftp):\/\/)?([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\])(?::(\d{1,5}))?\/?$/.exec(trimmed);
  if (!match) return null;
  const parsedPort = match[3] ? Number(match[3]) : (port ?? defaultPortOf(match[1] ?? ""));
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
