/**
 * What the BullMQ runner (API side, bullmq.ts) and the BullMQ worker (bull-worker.ts) share in
 * Redis besides the queue itself: cancellation marks, the cancel channel, and each owner's queued or
 * running jobs (the owner-load priority).
 */
import { Redis } from 'ioredis';

export const DEFAULT_QUEUE = 'arbiter-jobs';
export const KEEP_SECONDS = 7 * 24 * 3600;

export const cancelKey = (queue: string, id: string) => `arbiter:${queue}:cancelled:${id}`;
export const cancelChannel = (queue: string) => `arbiter:${queue}:cancel`;
/** Ids of an owner's queued or running jobs, scored by enqueue time (priority by owner load). */
export const ownerKey = (queue: string, owner: string) => `arbiter:${queue}:owner:${owner}`;
/** Which owner a job id belongs to (so the worker can take it off its owner's set). */
export const ownersKey = (queue: string) => `arbiter:${queue}:owners`;
/** An owner's entry older than this is stale (its job's end was missed, e.g. a crashed worker). */
export const OWNER_STALE_MS = 3600_000;
const MAX_PRIORITY = 2_097_152; // BullMQ's limit

export const clampPriority = (n: number) => Math.min(MAX_PRIORITY, Math.max(1, n));

/** Blocking connections (QueueEvents, workers): wait for Redis as long as it takes. */
export function connect(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

/** Take a finished or cancelled job off its owner's set. */
export async function releaseOwner(client: Redis, queueName: string, id: string): Promise<void> {
  const owner = await client.hget(ownersKey(queueName), id);
  if (owner === null) return;
  await client.multi().zrem(ownerKey(queueName, owner), id).hdel(ownersKey(queueName), id).exec();
}

/**
 * A running job's priority when it goes back to the queue between two slices: 1 + the owner's jobs
 * enqueued before it that are still queued or running, so the owner's jobs keep their order while
 * any other owner's job of the same or a lower number is taken first.
 */
export async function turnPriority(client: Redis, queueName: string, id: string): Promise<number> {
  const owner = (await client.hget(ownersKey(queueName), id)) ?? '';
  const key = ownerKey(queueName, owner);
  const [[, rank], [, card]] = (await client.multi().zrank(key, id).zcard(key).exec()) as [[unknown, number | null], [unknown, number]];
  return clampPriority(1 + (rank ?? card));
}
