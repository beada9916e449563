/**
 * Opens the real implementations of the ports from the configuration:
 * PostgreSQL at DATABASE_URL (retried in the background while it refuses connections, migrated once
 * it answers: see `ready`) or embedded PGlite under DATA_DIR (locked, migrated); BullMQ at
 * REDIS_URL or in-process worker threads; plus, with REDIS_URL, the Redis client the distributed
 * rate limiter shares between instances. `close()` releases everything, in reverse order.
 */
import type { Config } from '../config.js';
import type { AppDeps } from '../app/deps.js';
import type { Database } from '../app/ports.js';
import { openServedDatabase } from './database/index.js';
import { openJobRunner } from './queue/open.js';

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
    // ioredis is loaded only when REDIS_URL asks for it
    const redisModule = config.redisUrl ? await import('./redis.js') : undefined;
    const redis = config.redisUrl ? redisModule!.openRedis(config.redisUrl, log) : undefined;
    if (redis) closers.push(() => redisModule!.closeRedis(redis));
    const jobs = await openJobRunner(config, database, { log });
    if (jobs) closers.push(() => jobs.close());
    return { database, ready, jobs, redis, close: closeAll };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
