import http from "node:http";

/**
 * A load balancer as small as it gets, for the multi-instance test: each request goes to the next upstream in
 * turn, with the address it came from appended to X-Forwarded-For (the instances trust one proxy hop), and the
 * answer names the upstream in X-Upstream, so a test can tell which instance served what.
 */
export interface RoundRobinProxy {
  url: string;
  /** The upstream base URLs, in the order requests go to them; filled once the instances are up. */
  upstreams: string[];
  close(): Promise<void>;
}

export const upstreamHeader = "x-upstream";

function forwardedFor(sent: string | string[] | undefined, remoteAddress: string | undefined): string {
  const earlier = (Array.isArray(sent) ? sent.join(", ") : (sent ?? "")).trim();
  const address = remoteAddress?.replace(/^::ffff:/, "") ?? "unknown";
  return earlier ? `${earlier}, ${address}` : address;
}

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true });
  const upstreams: string[] = [];
  let turn = 0;
  const server = http.createServer((request, response) => {
    const upstream = upstreams[turn++ % upstreams.length];
    if (!upstream) {
      response.writeHead(503, { "content-type": "text/plain" }).end("No upstream yet");
      return;
    }
    const headers = {
      ...request.headers,
      "x-forwarded-for": forwardedFor(request.headers["x-forwarded-for"], request.socket.remoteAddress),
    };
    const forwarded = http.request(new URL(request.url ?? "/", upstream), { method: request.method, headers, agent }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, { ...answer.headers, [upstreamHeader]: upstream });
      answer.pipe(response);
    });
    forwarded.on("error", (error) => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain", [upstreamHeader]: upstream });
      response.end(`${upstream}: ${error.message}`);
    });
    request.pipe(forwarded);
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address && typeof address === "object") resolve(address.port);
      else reject(new Error("the proxy has no port"));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    upstreams,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
