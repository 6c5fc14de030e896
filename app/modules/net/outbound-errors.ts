import { FTPError } from "basic-ftp";
import { failureServiceNames, failureSettingNames, type FailureSetting } from "~/locales/failure-reasons";
import { hasControlCharacters } from "~/modules/url/control-characters";
import { reasonText } from "./failure-reasons";

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

/**
 * Refuses, never strips: a value that changed on the way would go somewhere the subscriber did not ask for. The
 * setting is named as failureSettingNames does, or a header by its own name (which shows untranslated).
 */
export function refuseControlCharacters(setting: FailureSetting | { header: string }, value: string): void {
  if (!hasControlCharacters(value)) return;
  const name = typeof setting === "string" ? failureSettingNames[setting] : `${setting.header} header`;
  throw new ControlCharacterError(reasonText("controlCharacter", { setting: name }));
}

const resolutionCodes = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_FAIL", "EAI_NONAME", "ENODATA"]);
const certificateCodes = /^(ERR_TLS_|ERR_SSL_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_)/;

function errorCode(error: unknown): string | null {
  if (!(error instanceof Error) || !("code" in error)) return null;
  return typeof error.code === "string" ? error.code : null;
}

export type OutboundChannel = "ftp" | "webhook" | "ftps" | "sftp";

/** ssh2 marks its failures with a level: the handshake's timeout and the refused authentication. */
function sshLevel(error: unknown): string | null {
  return error instanceof Error && "level" in error && typeof error.level === "string" ? error.level : null;
}

/** The reason a subscriber reads for a failed upload or webhook call; a refused login names the user they set. */
export function subscriberReason(channel: OutboundChannel, error: unknown, username?: string): string {
  const service = failureServiceNames[channel];
  if (error instanceof AddressNotAllowedError) return reasonText("addressNotAllowed");
  if (error instanceof ControlCharacterError || error instanceof SubscriberFacingError) return error.message;
  if (error instanceof UnexpectedStatusError) return reasonText("answeredStatus", { service, status: error.status });
  if (error instanceof LoginRefusedError) return reasonText("loginRefusedFor", { service, user: error.username });
  if (error instanceof HostKeyChangedError) return reasonText("hostKeyChanged", { recorded: error.recorded, shown: error.shown });
  if (sshLevel(error) === "client-authentication") return reasonText("loginRefused", { service });
  if (sshLevel(error) === "client-timeout") return reasonText("noAnswer", { service });
  if (error instanceof FTPError) {
    if (error.code !== 530) return reasonText("transferRefused", { service, code: error.code });
    return username ? reasonText("loginRefusedFor", { service, user: username }) : reasonText("loginRefused", { service });
  }
  const code = errorCode(error);
  if (code && resolutionCodes.has(code)) return reasonText("unresolved");
  if (code && certificateCodes.test(code)) return reasonText("noCertificate", { service });
  return reasonText("unreachable", { service });
}

/** The error a delivery job throws: the subscriber's reason as its message, the raw error kept as its cause. */
export function subscriberFailure(channel: OutboundChannel, error: unknown, username?: string): SubscriberFacingError {
  return error instanceof SubscriberFacingError ? error : new SubscriberFacingError(subscriberReason(channel, error, username), error);
}
