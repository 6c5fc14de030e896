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

/** Real FTP, SMTP and HTTP servers on loopback that record what the portal delivers to them. */

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
 * An ftp-srv server on a loopback address: "127.0.0.1", or "::1" for an IPv6 one; with `fullDisk` it takes the
 * login and fails every upload mid-transfer.
 */
export async function startFtpServer(
  credentials: { username: string; password: string },
  host = "127.0.0.1",
  options: { fullDisk?: boolean } = {},
) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "portal-ftp-"));
  const server = new FtpSrv({
    url: `ftp://${net.isIPv6(host) ? `[${host}]` : host}:0`,
    pasv_url: host,
    pasv_min: 42000,
    pasv_max: 42999,
    anonymous: false,
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

export interface ReceivedHook {
  method: string;
  url: string;
  host: string;
  body: string;
}

export interface WebhookReceiverOptions {
  /** The loopback address to listen on, 127.0.0.1 by default. */
  host?: string;
  /** A fixed port, e.g. another receiver's on another loopback address; any free one by default. */
  port?: number;
  /** Extra headers of every answer, e.g. a Location for a redirect. */
  headers?: Record<string, string>;
}

/** Answers each call with the next status of `statuses` (the last one repeats). */
export async function startWebhookReceiver(statuses: number[] = [204], options: WebhookReceiverOptions = {}) {
  const received: ReceivedHook[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ method: request.method ?? "", url: request.url ?? "", host: request.headers.host ?? "", body });
      response.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 204;
      for (const [name, value] of Object.entries(options.headers ?? {})) response.setHeader(name, value);
      response.end(response.statusCode === 200 ? JSON.stringify({ received: received.length }) : undefined);
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
