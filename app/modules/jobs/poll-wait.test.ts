import { describe, expect, it } from "vitest";
import { PollWait } from "./poll-wait";

const elapsed = async (run: () => Promise<void>) => {
  const started = performance.now();
  await run();
  return performance.now() - started;
};

describe("the worker's wait between polls", () => {
  it("lasts its time unless nudged", async () => {
    const poll = new PollWait();
    expect(await elapsed(() => poll.wait(60))).toBeGreaterThanOrEqual(55);
  });

  it("ends when nudged", async () => {
    const poll = new PollWait();
    const waiting = poll.wait(10_000);
    poll.nudge();
    expect(await elapsed(() => waiting)).toBeLessThan(1000);
  });

  it("keeps a nudge that came while nobody waited for the next wait, once", async () => {
    const poll = new PollWait();
    poll.nudge();
    poll.nudge();
    expect(await elapsed(() => poll.wait(10_000))).toBeLessThan(1000);
    expect(await elapsed(() => poll.wait(60))).toBeGreaterThanOrEqual(55);
  });
});
