import type SQLite from "better-sqlite3";
import { Redis } from "ioredis";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterSQLite,
  type RateLimiterStoreAbstract,
} from "rate-limiter-flexible";
import type { DatabaseClient } from "~/modules/db/database.server";

/**
 * Where rate-limiter-flexible keeps the counters: Redis or Valkey when REDIS_URL is set (every instance shares
 * them without a database write per call), otherwise the portal's own database, in the rate_limits table of
 * migration 0029, on the connection Kysely already holds.
 */
interface RedisStore {
  dialect: "redis";
  redis: Redis;
}

type LimitStore = DatabaseClient | RedisStore;

interface LimiterOptions {
  /** Stored before the key with a colon; "" stores the key as it is. */
  keyPrefix: string;
  points: number;
  durationMs: number;
}

export type MakeLimiter = (options: LimiterOptions) => RateLimiterStoreAbstract;

const LIMITS_TABLE = "rate_limits";

/** Redis (or Valkey, which speaks the same protocol) at `url`; it reconnects on its own after an outage. */
export function redisStore(url: string): RedisStore {
  return { dialect: "redis", redis: new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }) };
}

/**
 * A maker of limiters on one store. Durations are whole seconds (Redis keeps no shorter expiry), rounded up.
 * Only the first limiter sweeps the table's expired rows every five minutes: the sweep covers every prefix.
 */
export function limiterMaker(store: LimitStore): MakeLimiter {
  let sweeping = false;
  return ({ keyPrefix, points, durationMs }) => {
    const common = { keyPrefix, points, duration: Math.max(1, Math.ceil(durationMs / 1000)) };
    if (store.dialect === "redis") {
      // While Redis is away each process counts in its own memory rather than failing every request: the limits
      // then hold per instance, and requests never queue behind a connection that is not there.
      const insuranceLimiter = new RateLimiterMemory(common);
      return new RateLimiterRedis({ ...common, storeClient: store.redis, rejectIfRedisNotReady: true, insuranceLimiter });
    }
    const sweep = !sweeping;
    sweeping = true;
    const table = { tableName: LIMITS_TABLE, tableCreated: true, clearExpiredByTimeout: sweep };
    if (store.dialect === "postgres") return new RateLimiterPostgres({ ...common, ...table, storeClient: store.pool, storeType: "pool" });
    // The connection Kysely uses: better-sqlite3 is synchronous, so the limiter's statement runs between two of
    // Kysely's and never waits on a second connection's lock (which would block the event loop). While another
    // request holds a Kysely transaction open, the count joins it as a savepoint and lands with its commit.
    return new RateLimiterSQLite({ ...common, ...table, storeClient: preparedOnce(store.sqlite), storeType: "better-sqlite3" });
  };
}

/**
 * The connection as the SQLite limiter uses it, each of its few statements prepared once: the library prepares
 * its statement again on every call, which was a third of a limited call's cost. It only runs them (never
 * iterates), so a statement is never busy when it is reused.
 */
function preparedOnce(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(text: string): SQLite.Statement {
      let statement = statements.get(text);
      if (!statement) statements.set(text, (statement = sqlite.prepare(text)));
      return statement;
    },
    // The library wraps its one upsert in a transaction; a single statement is atomic by itself, so it runs alone
    // (inside a transaction Kysely holds open it joins it, as before).
    transaction: <F extends (...args: never[]) => unknown>(run: F) => run,
  };
}
