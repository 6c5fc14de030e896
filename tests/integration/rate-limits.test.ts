import { once } from "node:events";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/modules/db/database.server";
import { database } from "~/modules/db/db.server";
import { env } from "~/modules/env/env.server";
import type { ProgressivePolicy } from "~/modules/rate-limit/limits";
import { limiterMaker, redisStore } from "~/modules/rate-limit/limiter-store.server";
import { createLimits } from "~/modules/rate-limit/rate-limit.server";
import { startRedisServer, type RedisServer } from "../support/redis";

/**
 * The limits on rate-limiter-flexible, on each store the portal runs with: the app's own database (SQLite or
 * PostgreSQL, per project) and Redis (Debian's redis-server on loopback, in the sqlite project only: that store
 * does not depend on the database). Each store is seen by two "instances" (two connections, two sets of
 * limiters) that must share every count.
 */

type Limits = ReturnType<typeof createLimits>;

interface Instances {
  first: Limits;
  second: Limits;
}

const policy: ProgressivePolicy = { free: 2, firstDelayMs: 1000, maxDelayMs: 2000, windowMs: 60_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let serial = 0;
const unique = (name: string) => `test:${name}:${process.pid}:${++serial}`;

function limitTests(name: string, open: () => Promise<{ instances: Instances; close(): Promise<void> }>) {
  describe(name, () => {
    let instances: Instances;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ instances, close } = await open());
    });
    afterAll(() => close());

    it("refuses past the limit within the window, through either instance, with the seconds to wait; a concurrent burst gets exactly the limit", async () => {
      const { first, second } = instances;
      const key = unique("window");
      const answers = [];
      for (let index = 0; index < 4; index++) answers.push(await (index % 2 ? second : first).hitRateLimit(key, 3, 60_000));
      expect(answers.map((answer) => answer.allowed)).toEqual([true, true, true, false]);
      expect(answers[3]!.retryAfterSeconds).toBeGreaterThan(55);
      expect(answers[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);

      const burstKey = unique("burst");
      const burst = await Promise.all(
        Array.from({ length: 10 }, (_, index) => (index % 2 ? second : first).hitRateLimit(burstKey, 4, 60_000)),
      );
      expect(burst.filter((answer) => answer.allowed)).toHaveLength(4);
    });

    it("slows failures down progressively, shares the delay, and forgets them on success; one call in flight; one claim", async () => {
      const { first, second } = instances;
      const slowed = unique("progressive");
      const limit = [{ key: slowed, policy }];
      // Two failures are free; the second starts a one-second delay, which the third attempt meets elsewhere.
      expect(await first.startProgressiveAttempt(limit)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      expect(await first.startProgressiveAttempt(limit)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      expect(await second.startProgressiveAttempt(limit)).toEqual({ allowed: false, retryAfterSeconds: 1 });

      // Of a concurrent burst past the free failures one goes ahead and the others wait.
      const burstKey = unique("progressive-burst");
      const burst = await Promise.all(
        Array.from({ length: 6 }, (_, index) => (index % 2 ? second : first).startProgressiveAttempt([{ key: burstKey, policy }])),
      );
      expect(burst.filter((answer) => answer.allowed)).toHaveLength(2);

      // A success clears the account's failures: the next attempt goes ahead at once.
      await second.clearRateLimit(burstKey);
      expect((await first.startProgressiveAttempt([{ key: burstKey, policy }])).allowed).toBe(true);

      const caller = unique("in-flight");
      const call = await first.startCall(caller, 60_000);
      expect(call).not.toBeNull();
      expect(await second.startCall(caller, 60_000)).toBeNull();
      await call!.release();
      const next = await second.startCall(caller, 60_000);
      expect(next).not.toBeNull();
      await next!.release();
      // A call whose instance died is never released: its slot expires on its own.
      const crashed = unique("crashed");
      expect(await first.startCall(crashed, 1000)).not.toBeNull();
      expect(await second.startCall(crashed, 1000)).toBeNull();

      const claim = unique("claim");
      expect(await first.claimOnce(claim, 60_000)).toBe(true);
      expect(await second.claimOnce(claim, 60_000)).toBe(false);
      expect(await second.claimOnce(unique("claim"), 60_000)).toBe(true);

      await sleep(1100);
      // Waiting out the delay lets the next attempt through; that failure doubles the delay for the one after.
      expect(await second.startProgressiveAttempt(limit)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      expect(await first.startProgressiveAttempt(limit)).toEqual({ allowed: false, retryAfterSeconds: 2 });
      await first.takeBackAttempt(slowed, policy);
      expect(await first.startProgressiveAttempt(limit)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      expect(await second.startCall(crashed, 1000)).not.toBeNull();
    });
  });
}

/** A second connection to the test's database, as another instance holds. */
function secondConnection() {
  return openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { file: path.resolve(env.DATA_DIR, "portal.sqlite") });
}

limitTests(`on the portal's database (${database.dialect})`, async () => {
  const other = secondConnection();
  return {
    instances: { first: createLimits(limiterMaker(database.client)), second: createLimits(limiterMaker(other.client)) },
    // Only the limiters used this connection, so Kysely never took it over: it is closed here.
    async close() {
      if (other.client.dialect === "postgres") await other.client.pool.end();
      else other.client.sqlite.close();
    },
  };
});

/** Until its connection is ready a Redis store counts in memory: the tests start once it is. */
async function connected(store: ReturnType<typeof redisStore>) {
  if (store.redis.status !== "ready") await once(store.redis, "ready");
  return store;
}

if (database.dialect === "sqlite") {
  it("keeps limiting, per instance in memory, while Redis is away", async () => {
    const server = await startRedisServer();
    const store = await connected(redisStore(server.url));
    const limits = createLimits(limiterMaker(store));
    try {
      expect((await limits.hitRateLimit(unique("before"), 2, 60_000)).allowed).toBe(true);
      await server.stop();
      const key = unique("away");
      const answers = [];
      for (let index = 0; index < 3; index++) answers.push(await limits.hitRateLimit(key, 2, 60_000));
      expect(answers.map((answer) => answer.allowed)).toEqual([true, true, false]);
      const call = await limits.startCall(unique("in-flight-away"), 60_000);
      expect(call).not.toBeNull();
      await call!.release();
    } finally {
      store.redis.disconnect();
      await server.stop();
    }
  });

  limitTests("on Redis", async () => {
    const server: RedisServer = await startRedisServer();
    const stores = await Promise.all([connected(redisStore(server.url)), connected(redisStore(server.url))]);
    const [first, second] = stores.map((store) => createLimits(limiterMaker(store)));
    return {
      instances: { first: first!, second: second! },
      async close() {
        for (const store of stores) store.redis.disconnect();
        await server.stop();
      },
    };
  });
}
