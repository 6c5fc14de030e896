import net from "node:net";

/** A loopback port free right now: the system picks one for a listener that closes again at once. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Waits until something accepts connections on a loopback port, polling every `intervalMs`; past the deadline it
 * throws with `failure()` as its message (what the server printed, say).
 */
export async function waitForPort(port: number, deadline: number, intervalMs: number, failure: () => string): Promise<void> {
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(failure());
}
