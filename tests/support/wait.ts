/** Reads until `done` holds (the worker runs on its own): answers the last value, or fails after the timeout. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const end = Date.now() + (options.timeoutMs ?? 20_000);
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out, last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, options.everyMs ?? 25));
  }
}
