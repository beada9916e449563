/**
 * Opens the real implementations of the ports from the configuration:
 * PostgreSQL at DATABASE_URL (retried in the background while it refuses connections, migrated once
 * it answers: see `ready`) or embedded PGlite under DATA_DIR (locked, migrated); BullMQ at
 * REDIS_URL or in-process worker threads; plus, with REDIS_URL, the Redis client the distributed
 * rate limiter shares between instances. `close()` releases everything, in reverse order.
 */
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { AppDeps } from '../app/deps.js';
import type { Database } from '../app/ports.js';
import { openServedDatabase } from './database/index.js';
import { openJobRunner } from './queue/index.js';

export interface Infra extends AppDeps {
  database: Database;
  /** Settles when the database is reachable and migrated (PostgreSQL may start later than us). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface InfraLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** The rate limiter's Redis client: fails fast so a Redis outage never stalls requests. */
export function openRedis(url: string, log?: InfraLogger): Redis {
  const redis = new Redis(url, {
    connectTimeout: 1000,
    // while Redis is away, commands fail at once instead of queueing (the limiter then lets requests through)
    enableOfflineQueue: false,
    commandTimeout: 250,
    maxRetriesPerRequest: 0,
    // reconnect at most half a second apart, so limiting resumes soon after Redis returns
    retryStrategy: (attempt) => Math.min(50 * attempt, 500),
    enableAutoPipelining: true,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    // ioredis reconnects by itself; report once per outage instead of on every retry.
    if (!reported) log?.warn({ err: error }, 'redis (rate limiter) unavailable');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  return redis;
}

/** QUIT when connected (bounded wait), then drop the socket and stop reconnecting. */
async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await Promise.race([redis.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 1000).unref())]);
  }
  redis.disconnect(false);
}

export async function openInfra(config: Config, log?: InfraLogger): Promise<Infra> {
  const { database, ready } = await openServedDatabase(config, { log });
  void ready.then(
    () => log?.info({ database: database.kind }, 'database ready'),
    () => undefined,
  );
  const closers: (() => Promise<unknown>)[] = [() => database.close()];
  const closeAll = async () => {
    for (const close of closers.splice(0).reverse()) {
      try {
        await close();
      } catch (error) {
        log?.warn({ err: error }, 'closing a dependency failed');
      }
    }
  };
  try {
    const redis = config.redisUrl ? openRedis(config.redisUrl, log) : undefined;
    if (redis) closers.push(() => closeRedis(redis));
    const jobs = await openJobRunner(config, database);
    if (jobs) closers.push(() => jobs.close());
    return { database, ready, jobs, redis, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
