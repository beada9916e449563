/** The rate limiter's Redis client (REDIS_URL): opened and closed here; loaded only when configured. */
import { Redis } from 'ioredis';
import type { InfraLogger } from './index.js';

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
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    await Promise.race([redis.quit().catch(() => undefined), new Promise((r) => setTimeout(r, 1000).unref())]);
  }
  redis.disconnect(false);
}
