import { FTPError } from "basic-ftp";
import { hasControlCharacters } from "~/modules/url/control-characters";

/**
 * Why an outbound connection failed, in two versions: the raw detail (socket errors, addresses) for server
 * logs and pipeline incidents, and a short reason for the subscriber that tells nothing about the network
 * the worker runs in, so deliveries cannot be used to scan it.
 */

/** A host resolved to an address outside global unicast while private hosts are denied. */
export class AddressNotAllowedError extends Error {
  override name = "AddressNotAllowedError";
}

/** A value bound for an FTP command, a URL or a header holds CR, LF or another control character. */
export class ControlCharacterError extends Error {
  override name = "ControlCharacterError";
}

/** The other side answered, with an HTTP status that is not a success. */
export class UnexpectedStatusError extends Error {
  override name = "UnexpectedStatusError";
  constructor(
    readonly status: number,
    url: string,
  ) {
    super(`${url} answered HTTP ${status}`);
  }
}

/** The server refused the login: the user name is the subscriber's to check, the password never shown. */
export class LoginRefusedError extends Error {
  override name = "LoginRefusedError";
  constructor(
    readonly username: string,
    cause: unknown,
  ) {
    super(`The login of ${username} was refused`, { cause });
  }
}

/** The SFTP server showed another host key than the one recorded at the first connection. */
export class HostKeyChangedError extends Error {
  override name = "HostKeyChangedError";
  constructor(
    readonly recorded: string,
    readonly shown: string,
  ) {
    super(`Host key ${shown} instead of ${recorded}`);
  }
}

/** Failure text that subscribers may read; the stack keeps the raw cause for the pipeline incident. */
export class SubscriberFacingError extends Error {
  override name = "SubscriberFacingError";
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.stack = `${this.stack ?? message}\nCaused by: ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`;
  }
}

/** Refuses, never strips: a value that changed on the way would go somewhere the subscriber did not ask for. */
export function refuseControlCharacters(what: string, value: string): void {
  if (hasControlCharacters(value)) throw new ControlCharacterError(`The ${what} contains a line break or another control character`);
}

const resolutionCodes = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NONAME", "ENODATA"]);
const certificateCodes = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_)/;

function errorCode(error: unknown): string | null {
  if (!(error instanceof Error) || !("code" in error)) return null;
  return typeof error.code === "string" ? error.code : null;
}

export type OutboundChannel = "ftp" | "webhook" | "ftps" | "sftp";

const names: Record<OutboundChannel, string> = {
  ftp: "The FTP server",
  webhook: "The webhook",
  ftps: "The FTPS server",
  sftp: "The SFTP server",
};

/** ssh2 marks its failures with a level: the handshake's timeout and the refused authentication. */
function sshLevel(error: unknown): string | null {
  return error instanceof Error && "level" in error && typeof error.level === "string" ? error.level : null;
}

/** The reason a subscriber reads for a failed upload or webhook call; a refused login names the user they set. */
export function subscriberReason(channel: OutboundChannel, error: unknown, username?: string): string {
  if (error instanceof AddressNotAllowedError) return "The address is not allowed: deliveries go to public hosts only";
  if (error instanceof ControlCharacterError || error instanceof SubscriberFacingError) return error.message;
  if (error instanceof UnexpectedStatusError) return `${names[channel]} answered HTTP ${error.status}`;
  if (error instanceof LoginRefusedError) return `${names[channel]} refused the login for user ${error.username}`;
  if (error instanceof HostKeyChangedError)
    return (
      `The SFTP server's host key changed: it was ${error.recorded} at the first delivery and is now ${error.shown}. ` +
      "If the server's administrator confirms the new key, edit the delivery and type its password or key again: the next delivery records the new key"
    );
  if (sshLevel(error) === "client-authentication") return `${names[channel]} refused the login`;
  if (sshLevel(error) === "client-timeout") return `${names[channel]} did not answer in time`;
  if (error instanceof FTPError)
    return error.code === 530
      ? `${names[channel]} refused the login${username ? ` for user ${username}` : ""}`
      : `${names[channel]} refused the transfer (reply ${error.code})`;
  const code = errorCode(error);
  if (code && resolutionCodes.has(code)) return "The host name could not be resolved";
  if (code && certificateCodes.test(code)) return `${names[channel]} has no valid TLS certificate for its name`;
  return `${names[channel]} could not be reached`;
}

/** The error a delivery job throws: the subscriber's reason as its message, the raw error kept as its cause. */
export function subscriberFailure(channel: OutboundChannel, error: unknown, username?: string): SubscriberFacingError {
  return error instanceof SubscriberFacingError ? error : new SubscriberFacingError(subscriberReason(channel, error, username), error);
}
