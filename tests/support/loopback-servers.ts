import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import bunyan from "bunyan";
import { FtpSrv } from "ftp-srv";
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
          received.push({ to: session.envelope.rcptTo.map((address) => address.address), subject: mail.subject ?? "", text: mail.text ?? "" });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export async function startFtpServer(credentials: { username: string; password: string }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "portal-ftp-"));
  const server = new FtpSrv({
    url: "ftp://127.0.0.1:0",
    pasv_url: "127.0.0.1",
    pasv_min: 42000,
    pasv_max: 42999,
    anonymous: false,
    log: bunyan.createLogger({ name: "ftp-srv", level: "fatal" }),
  });
  server.on("login", ({ username, password }, resolve, reject) => {
    if (username === credentials.username && password === credentials.password) resolve({ root });
    else reject(new Error("Invalid credentials"));
  });
  await server.listen();
  // ftp-srv's types leave out the net.Server it listens with.
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address()).port;
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
  body: string;
}

/** Answers each call with the next status of `statuses` (the last one repeats). */
export async function startWebhookReceiver(statuses: number[] = [204]) {
  const received: ReceivedHook[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ method: request.method ?? "", url: request.url ?? "", body });
      response.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/hooks/portal`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
