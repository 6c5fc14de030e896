import express from "express";
import { describe, expect, it } from "vitest";
import { CLIENT_ADDRESS_HEADER } from "~/modules/http/client-address.server";
import { clientAddressMiddleware } from "~/modules/server/http-server.server";

/** A real Express server on loopback with the portal's address middleware, echoing what the app would see. */
async function addressSeen(trustedHops: number, headers: Record<string, string>): Promise<string> {
  const app = express();
  app.set("trust proxy", trustedHops);
  app.use(clientAddressMiddleware);
  app.get("/", (req, res) => void res.send(req.get(CLIENT_ADDRESS_HEADER)));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const address = server.address();
    if (!address || typeof address === "string") throw new Error("the server has no port");
    return await (await fetch(`http://127.0.0.1:${address.port}/`, { headers })).text();
  } finally {
    server.close();
  }
}

describe("client address", () => {
  it("[security-5] without TRUST_PROXY the socket address counts, whatever X-Forwarded-For or the header itself say", async () => {
    expect(await addressSeen(0, { "X-Forwarded-For": "203.0.113.9", [CLIENT_ADDRESS_HEADER]: "198.51.100.1" })).toBe("127.0.0.1");
  });

  it("[security-5] behind one trusted proxy the rightmost X-Forwarded-For entry counts, not the leftmost the client wrote", async () => {
    expect(await addressSeen(1, { "X-Forwarded-For": "6.6.6.6, 203.0.113.9" })).toBe("203.0.113.9");
    expect(await addressSeen(2, { "X-Forwarded-For": "6.6.6.6, 203.0.113.9, 10.0.0.2" })).toBe("203.0.113.9");
  });
});
