import dns from "node:dns/promises";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import tls from "node:tls";
import { Client } from "basic-ftp";
// A CommonJS package whose exports Node's ESM loader cannot name: read from its default export.
import ssh2, { type SFTPWrapper } from "ssh2";
import { env } from "~/modules/env/env.server";
import { classifyAddress, parseIpLiteral, stripBrackets } from "./address-policy";
import {
  AddressNotAllowedError,
  HostKeyChangedError,
  LoginRefusedError,
  refuseControlCharacters,
  UnexpectedStatusError,
} from "./outbound-errors";
import { hostKeyFingerprint } from "./ssh-fingerprint";

/**
 * The one way out of the worker and the docs engine to hosts named by subscribers or configuration
 * (webhooks, FTP uploads, spec and downloads sources): the host is resolved once, every address it
 * resolves to is vetted, and the connection goes to that vetted address, never to a second resolution.
 */

export type Resolver = (hostname: string) => Promise<{ address: string }[]>;

export interface OutboundOptions {
  /** Whether loopback, private and reserved addresses may be reached; DELIVERY_PRIVATE_HOSTS decides by default. */
  allowPrivate?: boolean;
  /** Name resolution, the system's by default; tests pass their own to see how often it is asked. */
  resolve?: Resolver;
}

/** DELIVERY_PRIVATE_HOSTS, or deny in production and allow elsewhere. */
function privateHostsAllowed(): boolean {
  return env.DELIVERY_PRIVATE_HOSTS ? env.DELIVERY_PRIVATE_HOSTS === "allow" : env.NODE_ENV !== "production";
}

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export interface VettedHost {
  /** The host without IPv6 brackets: what the Host header and TLS name it. */
  hostname: string;
  /** Whether hostname is a name, not an address literal: only names go into TLS server name indication. */
  isName: boolean;
  /** The address every connection for this host goes to. */
  address: string;
}

/** Resolves the host once and refuses it when any of its addresses is not public (unless private hosts are allowed). */
async function vetHost(host: string, options: OutboundOptions = {}): Promise<VettedHost> {
  const hostname = stripBrackets(host);
  refuseControlCharacters("hostName", hostname);
  const literal = parseIpLiteral(hostname);
  const resolved = literal
    ? [literal]
    : (await (options.resolve ?? systemResolver)(hostname)).map(({ address }) => parseIpLiteral(address));
  const classes = resolved.map((address) => {
    if (!address) throw new Error(`${hostname} resolved to something that is not an address`);
    return classifyAddress(address);
  });
  const [first] = classes;
  if (!first) throw new Error(`${hostname} resolved to no address`);
  const outside = classes.find((entry) => !entry.global);
  if (outside && !(options.allowPrivate ?? privateHostsAllowed())) {
    throw new AddressNotAllowedError(`${hostname} resolves to ${outside.address} (${outside.range}); only public hosts may be reached`);
  }
  return { hostname, isName: literal === null, address: first.address };
}

export interface OutboundRequest {
  method: string;
  headers?: Record<string, string>;
  body?: string;
  /** For the whole exchange, redirects included. */
  timeoutMs: number;
  /** Redirects followed, each to a host vetted again; with 0 a 3xx answer is handed back. */
  maxRedirects: number;
  /** The most of the answer's body read; with 0 none is read. */
  maxBodyBytes: number;
}

export interface OutboundResponse {
  status: number;
  /** The answer's headers, lower-case names, repeated ones joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
}

interface Exchange extends OutboundResponse {
  location: string | undefined;
}

function responseHeaders(incoming: http.IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(", ") : value;
  return headers;
}

/** One HTTP exchange with the vetted address; the URL's host stays in the Host header and the TLS server name. */
function exchange(target: URL, vetted: VettedHost, request: OutboundRequest, signal: AbortSignal): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions = {
      host: vetted.address,
      port: target.port || undefined,
      path: `${target.pathname}${target.search}`,
      method: request.method,
      headers: { ...request.headers, host: target.host },
      servername: vetted.isName ? vetted.hostname : undefined,
      ca: trustedAuthorities(),
      // No pooled sockets: a kept-alive connection would skip the vetting of the next request.
      agent: false,
      signal,
    };
    const onResponse = (incoming: http.IncomingMessage) => {
      const status = incoming.statusCode ?? 0;
      const location = incoming.headers.location;
      const headers = responseHeaders(incoming.headers);
      if (request.maxBodyBytes === 0) {
        incoming.destroy();
        resolve({ status, headers, location, body: Buffer.alloc(0) });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > request.maxBodyBytes)
          incoming.destroy(new Error(`The answer of ${target.origin} is larger than ${request.maxBodyBytes} bytes`));
        else chunks.push(chunk);
      });
      incoming.on("end", () => resolve({ status, headers, location, body: Buffer.concat(chunks) }));
      incoming.on("error", reject);
    };
    const outgoing = target.protocol === "https:" ? https.request(options, onResponse) : http.request(options, onResponse);
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    }),
  ]);
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** An HTTP(S) request through the vetted client: pinned to the vetted address, redirects vetted hop by hop. */
export async function requestVetted(url: string, request: OutboundRequest, options: OutboundOptions = {}): Promise<OutboundResponse> {
  refuseControlCharacters("url", url);
  for (const [name, value] of Object.entries(request.headers ?? {})) refuseControlCharacters({ header: name }, value);
  const signal = AbortSignal.timeout(request.timeoutMs);
  let target = new URL(url);
  for (let hop = 0; ; hop += 1) {
    if (target.protocol !== "http:" && target.protocol !== "https:") throw new Error(`${target.protocol} URLs cannot be requested`);
    const vetted = await abortable(vetHost(target.hostname, options), signal);
    const { status, headers, location, body } = await exchange(target, vetted, request, signal);
    if (!redirectStatuses.has(status) || !location || hop >= request.maxRedirects) return { status, headers, body };
    refuseControlCharacters("redirectLocation", location);
    target = new URL(location, target);
  }
}

/** A JSON document from a configured source URL (specs, downloads listings), following a few redirects. */
export async function fetchJsonVetted(url: string, timeoutMs: number): Promise<unknown> {
  const response = await requestVetted(url, {
    method: "GET",
    headers: { accept: "application/json" },
    timeoutMs,
    maxRedirects: 3,
    maxBodyBytes: 64 * 1024 * 1024,
  });
  if (response.status < 200 || response.status > 299) throw new UnexpectedStatusError(response.status, url);
  return JSON.parse(response.body.toString("utf8"));
}

let extraAuthorities: { file: string; authorities: string[] } | null = null;

/**
 * The certificate authorities TLS connections to subscribers' servers trust: the system's, plus DELIVERY_CA_FILE's
 * when set (a provider's own CA, or a test's). Verification itself is never turned off. Undefined keeps Node's default.
 */
function trustedAuthorities(): string[] | undefined {
  const file = env.DELIVERY_CA_FILE;
  if (!file) return undefined;
  if (extraAuthorities?.file !== file) extraAuthorities = { file, authorities: [...tls.rootCertificates, fs.readFileSync(file, "utf8")] };
  return extraAuthorities.authorities;
}

export interface FtpAccess {
  host: string;
  port: number;
  /** Explicit TLS (ftps://). */
  secure: boolean;
  user: string;
  password: string;
}

/** A logged-in FTP client whose control and data connections both go to the vetted address; the caller closes it. */
export async function openVettedFtp(access: FtpAccess, options: OutboundOptions = {}): Promise<Client> {
  refuseControlCharacters("ftpUserName", access.user);
  refuseControlCharacters("ftpPassword", access.password);
  const vetted = await vetHost(access.host, options);
  // A PASV answer naming another host is ignored: the data connection goes to the control connection's address.
  const client = new Client(30_000, { allowSeparateTransferHost: false });
  try {
    await client.access({
      host: vetted.address,
      port: access.port,
      user: access.user,
      password: access.password,
      secure: access.secure,
      secureOptions: { servername: vetted.isName ? vetted.hostname : undefined, ca: trustedAuthorities() },
    });
    return client;
  } catch (error) {
    client.close();
    throw error;
  }
}

export interface SftpAccess {
  host: string;
  port: number;
  user: string;
  /** A password, a private key (OpenSSH or PEM), or both: ssh2 offers the key first. */
  password?: string;
  privateKey?: string;
  /** The fingerprint recorded at the first connection; null accepts the key the server shows, which is then returned. */
  knownHostKey: string | null;
}

export interface SftpSession {
  sftp: SFTPWrapper;
  /** The fingerprint of the host key the server showed ("SHA256:..."). */
  hostKey: string;
  close(): void;
}

/**
 * A logged-in SFTP session to the vetted address, after the server's host key was checked against the one
 * recorded (trust on first use, as OpenSSH's known_hosts); the caller closes it.
 */
export async function openVettedSftp(access: SftpAccess, options: OutboundOptions = {}): Promise<SftpSession> {
  refuseControlCharacters("sftpUserName", access.user);
  const vetted = await vetHost(access.host, options);
  const client = new ssh2.Client();
  let shown: string | null = null;
  return new Promise<SftpSession>((resolve, reject) => {
    const fail = (error: unknown) => {
      client.end();
      if (shown !== null && access.knownHostKey !== null && shown !== access.knownHostKey)
        reject(new HostKeyChangedError(access.knownHostKey, shown));
      else if (error instanceof Error && "level" in error && error.level === "client-authentication")
        reject(new LoginRefusedError(access.user, error));
      else reject(error);
    };
    client.once("error", fail);
    client.once("ready", () => {
      client.sftp((error, sftp) => {
        if (error) return fail(error);
        client.removeListener("error", fail);
        // A late socket error must not go unhandled: the transfer's own callbacks report it.
        client.on("error", () => undefined);
        resolve({ sftp, hostKey: shown!, close: () => client.end() });
      });
    });
    client.connect({
      host: vetted.address,
      port: access.port,
      username: access.user,
      password: access.password,
      privateKey: access.privateKey,
      readyTimeout: 30_000,
      hostVerifier: (key: Buffer) => {
        shown = hostKeyFingerprint(key);
        return access.knownHostKey === null || shown === access.knownHostKey;
      },
    });
  });
}
