import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import bunyan from "bunyan";
import { FileSystem, FtpSrv } from "ftp-srv";
import { Writable } from "node:stream";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { Webhook } from "standardwebhooks";
import { Server as SshServer, utils as sshUtils, type SFTPWrapper } from "ssh2";
import { ed25519KeyPair } from "./ssh-keys";

/** Real FTP (and FTPS), SFTP, SMTP and HTTP servers on loopback that record what the portal delivers to them. */

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

export async function startSmtpServer(port: number) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((address) => address.address),
            subject: mail.subject ?? "",
            text: mail.text ?? "",
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface TestCertificate {
  key: string;
  cert: string;
  /** The certificate as a PEM file, e.g. for DELIVERY_CA_FILE. */
  certFile: string;
}

/** A throwaway self-signed certificate for localhost and 127.0.0.1, made by openssl. */
export function selfSignedCertificate(): TestCertificate {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "portal-cert-"));
  const keyFile = path.join(folder, "key.pem");
  const certFile = path.join(folder, "cert.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2", "-subj", "/CN=localhost"].concat([
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      keyFile,
      "-out",
      certFile,
    ]),
    { stdio: "ignore" },
  );
  return { key: fs.readFileSync(keyFile, "utf8"), cert: fs.readFileSync(certFile, "utf8"), certFile };
}

/** A server whose disk is full: every upload fails with the first bytes, and the server answers an error. */
class FullDisk extends FileSystem {
  override write() {
    return new Writable({
      write(_chunk, _encoding, callback) {
        callback(Object.assign(new Error("No space left on device"), { code: "ENOSPC" }));
      },
    });
  }
}

/**
 * An ftp-srv server on a loopback address: "127.0.0.1", or "::1" for an IPv6 one. With `tls` it offers explicit
 * TLS (AUTH TLS) with that certificate; with `fullDisk` it takes the login and fails every upload mid-transfer.
 */
export async function startFtpServer(
  credentials: { username: string; password: string },
  host = "127.0.0.1",
  options: { tls?: Pick<TestCertificate, "key" | "cert">; fullDisk?: boolean } = {},
) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "portal-ftp-"));
  const server = new FtpSrv({
    url: `ftp://${net.isIPv6(host) ? `[${host}]` : host}:0`,
    pasv_url: host,
    pasv_min: 42000,
    pasv_max: 42999,
    anonymous: false,
    tls: options.tls ?? false,
    log: bunyan.createLogger({ name: "ftp-srv", level: "fatal" }),
  });
  server.on("login", ({ connection, username, password }, resolve, reject) => {
    if (username === credentials.username && password === credentials.password)
      resolve(options.fullDisk ? { root, fs: new FullDisk(connection, { root, cwd: "/" }) } : { root });
    else reject(new Error("Invalid credentials"));
  });
  await server.listen();
  // ftp-srv's types leave out the net.Server it listens with.
  const port = (server as unknown as { server: { address(): AddressInfo } }).server.address().port;
  return {
    port,
    root,
    async close() {
      await server.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface SftpServerOptions {
  username: string;
  /** The password it accepts, if any. */
  password?: string;
  /** The public key (OpenSSH one-line form) it accepts, if any. */
  publicKey?: string;
  /** Its host key (a private key); a new ed25519 one by default. */
  hostKey?: string;
  /** A fixed port, e.g. a stopped server's, to stand in for it with another host key. */
  port?: number;
}

/** Status answers of the SFTP protocol the test server gives. */
const { STATUS_CODE } = sshUtils.sftp;

/** The SFTP requests an upload makes, served from a folder: open, write, close, stat, mkdir, rename, remove, realpath. */
function serveSftp(sftp: SFTPWrapper, root: string) {
  const files = new Map<number, number>();
  let nextHandle = 1;
  const local = (remote: string) => path.join(root, path.posix.normalize(`/${remote}`));
  const handleOf = (handle: Buffer) => files.get(handle.readUInt32BE(0));
  const answer = (reqid: number) => (error: unknown) =>
    sftp.status(
      reqid,
      error ? ((error as NodeJS.ErrnoException).code === "ENOENT" ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE) : STATUS_CODE.OK,
    );
  const attrsOf = (stats: fs.Stats) => ({
    mode: stats.mode,
    uid: 0,
    gid: 0,
    size: stats.size,
    atime: stats.atimeMs / 1000,
    mtime: stats.mtimeMs / 1000,
  });
  sftp.on("OPEN", (reqid, filename, flags) => {
    fs.open(local(filename), sshUtils.sftp.flagsToString(flags) ?? "r", (error, fd) => {
      if (error) return answer(reqid)(error);
      const handle = Buffer.alloc(4);
      handle.writeUInt32BE(nextHandle);
      files.set(nextHandle++, fd);
      sftp.handle(reqid, handle);
    });
  });
  sftp.on("WRITE", (reqid, handle, offset, data) => {
    const fd = handleOf(handle);
    if (fd === undefined) return sftp.status(reqid, STATUS_CODE.FAILURE);
    fs.write(fd, data, 0, data.length, offset, answer(reqid));
  });
  sftp.on("CLOSE", (reqid, handle) => {
    const fd = handleOf(handle);
    if (fd === undefined) return sftp.status(reqid, STATUS_CODE.FAILURE);
    files.delete(handle.readUInt32BE(0));
    fs.close(fd, answer(reqid));
  });
  sftp.on("FSTAT", (reqid, handle) => {
    const fd = handleOf(handle);
    if (fd === undefined) return sftp.status(reqid, STATUS_CODE.FAILURE);
    fs.fstat(fd, (error, stats) => (error ? answer(reqid)(error) : sftp.attrs(reqid, attrsOf(stats))));
  });
  const stat = (reqid: number, remote: string) =>
    fs.stat(local(remote), (error, stats) => (error ? answer(reqid)(error) : sftp.attrs(reqid, attrsOf(stats))));
  sftp.on("STAT", stat);
  sftp.on("LSTAT", stat);
  sftp.on("MKDIR", (reqid, remote) => fs.mkdir(local(remote), answer(reqid)));
  sftp.on("REMOVE", (reqid, remote) => fs.unlink(local(remote), answer(reqid)));
  // As OpenSSH's plain SFTP rename: an existing target is refused.
  sftp.on("RENAME", (reqid, from, to) => {
    if (fs.existsSync(local(to))) return sftp.status(reqid, STATUS_CODE.FAILURE);
    fs.rename(local(from), local(to), answer(reqid));
  });
  sftp.on("REALPATH", (reqid, remote) => {
    const resolved = path.posix.normalize(`/${remote}`);
    sftp.name(reqid, [{ filename: resolved, longname: resolved, attrs: { mode: 0o40755, uid: 0, gid: 0, size: 0, atime: 0, mtime: 0 } }]);
  });
}

/**
 * An SFTP server built on ssh2's Server on 127.0.0.1: password and public-key authentication for one user,
 * uploads written under `root`, which the test reads.
 */
export async function startSftpServer(options: SftpServerOptions) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "portal-sftp-"));
  const hostKey = options.hostKey ?? ed25519KeyPair().private;
  const allowedKey = options.publicKey ? sshUtils.parseKey(options.publicKey) : null;
  if (allowedKey instanceof Error) throw allowedKey;
  const logins: { username: string; method: string; accepted: boolean }[] = [];
  const server = new SshServer({ hostKeys: [hostKey] }, (client) => {
    client.on("authentication", (context) => {
      let accepted = false;
      if (context.username === options.username) {
        if (context.method === "password") accepted = options.password !== undefined && context.password === options.password;
        else if (context.method === "publickey" && allowedKey) {
          const sameKey = context.key.algo === allowedKey.type && context.key.data.equals(allowedKey.getPublicSSH());
          // Without a signature the client only asks whether the key would do.
          accepted = sameKey && (!context.signature || allowedKey.verify(context.blob!, context.signature, context.hashAlgo) === true);
        }
      }
      if (context.method !== "none") logins.push({ username: context.username, method: context.method, accepted });
      if (accepted) context.accept();
      else context.reject(["password", "publickey"]);
    });
    client.on("ready", () => client.on("session", (accept) => accept().on("sftp", (acceptSftp) => serveSftp(acceptSftp(), root))));
    client.on("error", () => undefined);
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const parsedHostKey = sshUtils.parseKey(hostKey);
  if (parsedHostKey instanceof Error) throw parsedHostKey;
  return {
    port,
    root,
    logins,
    /** The host key's public wire form, whose fingerprint the portal records. */
    hostKeyBlob: parsedHostKey.getPublicSSH(),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

export interface ReceivedHook {
  method: string;
  url: string;
  host: string;
  body: string;
  /** The Standard Webhooks headers: the same webhook-id on every retry of one delivery. */
  webhookId: string;
  signature: string;
  /** "verified" when standardwebhooks' Webhook.verify accepted it with the receiver's secret, else its error. */
  verification: string;
}

export interface WebhookReceiverOptions {
  /** The loopback address to listen on, 127.0.0.1 by default. */
  host?: string;
  /** A fixed port, e.g. another receiver's on another loopback address; any free one by default. */
  port?: number;
  /** Extra headers of every answer, e.g. a Location for a redirect. */
  headers?: Record<string, string>;
  /**
   * The subscriber's signing secret (or how to read it when a call arrives): every call is verified with the
   * standardwebhooks package, and one that fails is answered 401.
   */
  secret?: string | (() => Promise<string>);
}

async function verification(secret: WebhookReceiverOptions["secret"], body: string, headers: http.IncomingHttpHeaders): Promise<string> {
  if (secret === undefined) return "not checked";
  try {
    const plain = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
    new Webhook(typeof secret === "string" ? secret : await secret()).verify(body, plain);
    return "verified";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Answers each call with the next status of `statuses` (the last one repeats). */
export async function startWebhookReceiver(statuses: number[] = [204], options: WebhookReceiverOptions = {}) {
  const received: ReceivedHook[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      void verification(options.secret, body, request.headers).then((verified) => {
        received.push({
          method: request.method ?? "",
          url: request.url ?? "",
          host: request.headers.host ?? "",
          body,
          webhookId: String(request.headers["webhook-id"] ?? ""),
          signature: String(request.headers["webhook-signature"] ?? ""),
          verification: verified,
        });
        const planned = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 204;
        response.statusCode = verified === "verified" || verified === "not checked" ? planned : 401;
        for (const [name, value] of Object.entries(options.headers ?? {})) response.setHeader(name, value);
        response.end(response.statusCode === 200 ? JSON.stringify({ received: received.length }) : undefined);
      });
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${net.isIPv6(host) ? `[${host}]` : host}:${port}/hooks/portal`,
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function listen(server: net.Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, host, resolve));
  return (server.address() as AddressInfo).port;
}

/** Two TCP servers on one port number, one per loopback address; retried when the second address has the port taken. */
async function listenTwice(first: net.Server, firstHost: string, second: net.Server, secondHost: string): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    const port = await listen(first, 0, firstHost);
    try {
      return await listen(second, port, secondHost);
    } catch (error) {
      await new Promise<void>((resolve) => first.close(() => resolve()));
      if (attempt === 5) throw error;
    }
  }
}

export interface BounceUpload {
  name: string;
  /** Whether the data came over a connection to the control connection's address, or to the host PASV named. */
  via: "control address" | "passive host";
  content: string;
}

/**
 * A minimal FTP server on 127.0.0.1 that refuses EPSV and answers PASV with another host (as a hostile
 * server does), where a second listener waits on the same port. It records the commands it reads and
 * every upload with the address its data connection went to.
 */
export async function startPassiveBounceFtpServer(passiveHost: string) {
  const commands: string[] = [];
  const uploads: BounceUpload[] = [];
  const dataConnections: { via: BounceUpload["via"]; socket: net.Socket }[] = [];
  let dataArrived: (() => void) | null = null;
  const acceptData = (via: BounceUpload["via"]) => (socket: net.Socket) => {
    dataConnections.push({ via, socket });
    dataArrived?.();
  };
  const data = net.createServer(acceptData("control address"));
  const decoy = net.createServer(acceptData("passive host"));
  const dataPort = await listenTwice(data, "127.0.0.1", decoy, passiveHost);

  async function nextDataConnection() {
    for (;;) {
      const next = dataConnections.shift();
      if (next) return next;
      await new Promise<void>((resolve) => (dataArrived = resolve));
    }
  }

  async function receive(name: string): Promise<void> {
    const { via, socket } = await nextDataConnection();
    let content = "";
    for await (const chunk of socket) content += String(chunk);
    uploads.push({ name, via, content });
  }

  const controlSockets = new Set<net.Socket>();
  const control = net.createServer((socket) => {
    controlSockets.add(socket);
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffered = "";
    let renaming = "";
    reply("220 bounce");
    socket.on("data", (chunk) => {
      buffered += String(chunk);
      for (let end = buffered.indexOf("\r\n"); end >= 0; end = buffered.indexOf("\r\n")) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        commands.push(line);
        const [verb = "", ...rest] = line.split(" ");
        const argument = rest.join(" ");
        if (verb === "USER") reply("331 password please");
        else if (verb === "PASS") reply("230 logged in");
        else if (verb === "PWD") reply('257 "/"');
        else if (verb === "CWD") reply("250 ok");
        else if (verb === "MKD") reply('257 "created"');
        else if (verb === "PASV")
          reply(`227 Entering Passive Mode (${passiveHost.replace(/\./g, ",")},${dataPort >> 8},${dataPort & 255})`);
        else if (verb === "STOR") {
          reply("150 send it");
          void receive(argument).then(() => reply("226 stored"));
        } else if (verb === "RNFR") {
          renaming = argument;
          reply("350 ready");
        } else if (verb === "RNTO") {
          for (const upload of uploads) if (upload.name === renaming) upload.name = argument;
          reply("250 renamed");
        } else if (verb === "QUIT") reply("221 bye");
        else if (["TYPE", "STRU", "OPTS"].includes(verb)) reply("200 ok");
        else reply("502 not implemented");
      }
    });
    socket.on("error", () => undefined);
  });
  const port = await listen(control, 0, "127.0.0.1");
  const close = (server: net.Server) => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    port,
    commands,
    uploads,
    async close() {
      for (const socket of [...controlSockets, ...dataConnections.map((connection) => connection.socket)]) socket.destroy();
      await Promise.all([close(control), close(data), close(decoy)]);
    },
  };
}
