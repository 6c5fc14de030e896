/**
 * POSTs a JSON-typed body of `chunks` chunks of 64 KB, streamed without a Content-Length (chunked), so the server can
 * only count it as it arrives.
 */
export function postStreamed(url: URL, chunks: number): Promise<Response> {
  const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < chunks) controller.enqueue(chunk);
      else controller.close();
    },
  });
  const init: RequestInit & { duplex: "half" } = { method: "POST", headers: { "Content-Type": "application/json" }, body, duplex: "half" };
  return fetch(url, init);
}
