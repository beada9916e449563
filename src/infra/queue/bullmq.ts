/**
 * BullMQ job runner (REDIS_URL set). The API process only enqueues and watches (Queue +
 * QueueEvents); `npm run worker` (src/worker.ts) runs the jobs (bull-worker.ts) with sandboxed
 * processors (sandbox.ts, one child process per concurrent job), so CPU-bound simulations never
 * stall the worker's event loop and its lock renewals. A child that dies fails the attempt and
 * BullMQ retries it (`attempts`); a worker process that dies leaves its job stalled, and another
 * worker (or the restarted one) takes it back once the lock expires. Retries reproduce the result
 * from the seed.
 *
 * Fairness: a job's priority is 1 + the number of its owner's jobs already queued or running
 * (BullMQ takes the lowest number first, FIFO within one number), so another owner's first job is
 * taken by the next free worker slot ahead of a busy owner's backlog; and a simulation holds its
 * slot for one slice at a time (bull-worker.ts, steps.ts), going back to the queue between slices,
 * so a slot frees at least every ≈0.4 s. A job between two slices is reported `running`.
 *
 * Outages: the API's operations (enqueue, get, cancel, ping) use connections with short connect and
 * command timeouts and no offline queue, and give up after OPERATION_TIMEOUT_MS with
 * QueueUnavailable — at once while a connection is known to be down (reconnecting); the
 * connections reconnect by themselves (at most a second apart) when Redis comes back. The outage is
 * logged on state change ("job queue unavailable" once, "job queue available again" once).
 *
 * Cancellation: a waiting job is removed; an active one is signalled through a Redis channel that
 * every worker listens to (Worker.cancelJob aborts the processor's signal). Cancelled ids are
 * remembered in Redis for a week so `get` can report them.
 */
import { Job, Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { QueueUnavailable, type JobRequest, type JobRunner, type JobState, type JobStatus } from '../../app/ports.js';
import { DEFAULT_QUEUE, KEEP_SECONDS, OWNER_STALE_MS, cancelChannel, cancelKey, clampPriority, connect, ownerKey, ownersKey, releaseOwner } from './redis-keys.js';
import { cursorOf } from './steps.js';
import { OutageMonitor, type OutageLogger } from '../outage.js';

export { DEFAULT_QUEUE } from './redis-keys.js';

export interface BullOptions {
  url: string;
  queueName?: string;
  /** Attempts per job (a crash of the sandbox counts as a failed attempt). */
  attempts?: number;
  /** Where outages are logged (once each, on state change). */
  log?: OutageLogger;
}

/** Longest an API-side queue operation may take before it fails with QueueUnavailable (a request stays within 2 s). */
export const OPERATION_TIMEOUT_MS = 1_500;

/** The API's request-path connections: fail fast while Redis is away, reconnect at most a second apart. */
function connectFailFast(url: string): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    commandTimeout: 1_500,
    enableReadyCheck: true,
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
  redis.on('error', () => undefined); // reported through the failing operations
  return redis;
}

/** Run one queue operation within OPERATION_TIMEOUT_MS; Redis being away becomes QueueUnavailable (and the outage state follows). */
async function available<T>(what: string, operation: () => Promise<T>, clients: Redis[], outage: OutageMonitor): Promise<T> {
  try {
    const result = await bounded(what, operation, clients);
    outage.answered();
    return result;
  } catch (error) {
    if (error instanceof QueueUnavailable) outage.failed(error.cause ?? error);
    else outage.answered(); // Redis answered (with an error of the operation's own)
    throw error;
  }
}

async function bounded<T>(what: string, operation: () => Promise<T>, clients: Redis[]): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new QueueUnavailable(`The job queue did not answer (${what}) within ${OPERATION_TIMEOUT_MS} ms.`)), OPERATION_TIMEOUT_MS);
  });
  try {
    // no offline queue: wait (within the deadline) for a connection that is still being made
    return await Promise.race([Promise.all(clients.map(ready)).then(operation), timeout]);
  } catch (error) {
    if (error instanceof QueueUnavailable) throw error;
    if (clients.some((c) => c.status !== 'ready') || CONNECTION_ERROR.test(String((error as Error)?.message))) {
      throw new QueueUnavailable(`The job queue is unavailable (${what}).`, { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** Longest `close()` waits for BullMQ to close each of its connections cleanly. */
const CLOSE_TIMEOUT_MS = 1_000;

/** Settles when `promise` does (its failure ignored) or after `ms`, whichever is first. */
async function within(ms: number, promise: Promise<unknown> | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.resolve(promise).catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Connection states in which Redis is known to be away: nothing to wait for. */
const DOWN = new Set(['reconnecting', 'close', 'end']);

/**
 * Resolves once `client` is connected (at once when it is), or once waiting is pointless: it is
 * known to be down, or the connection being made failed. The operation then fails at once.
 */
function ready(client: Redis): Promise<void> {
  if (client.status === 'ready' || DOWN.has(client.status)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      for (const event of ['ready', 'error', 'close']) client.off(event, done);
      clearTimeout(timer);
      resolve();
    };
    // give up waiting here past the deadline; the operation then fails with QueueUnavailable anyway
    const timer = setTimeout(done, OPERATION_TIMEOUT_MS).unref();
    for (const event of ['ready', 'error', 'close']) client.on(event, done);
  });
}

const CONNECTION_ERROR = /Stream isn't writeable|Connection is closed|Command timed out|max retries|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE/i;

/** `between`: a sliced job that has run a turn already and waits for its next one (still running). */
function statusOf(state: string, between: boolean): JobStatus {
  switch (state) {
    case 'active':
      return 'running';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    default:
      return between ? 'running' : 'queued'; // waiting, delayed, prioritized, waiting-children
  }
}

export class BullJobRunner implements JobRunner {
  readonly kind = 'bullmq' as const;
  readonly queueName: string;
  private readonly client: Redis;
  private readonly queueClient: Redis;
  private readonly queue: Queue;
  private events: QueueEvents | undefined;
  private eventsClient: Redis | undefined;
  private readonly listeners = new Set<(state: JobState) => void>();
  private readonly attempts: number;
  private readonly outage: OutageMonitor;

  constructor(private readonly options: BullOptions) {
    this.outage = new OutageMonitor('job queue', options.log);
    this.queueName = options.queueName ?? DEFAULT_QUEUE;
    this.attempts = options.attempts ?? 3;
    this.client = connectFailFast(options.url);
    this.queueClient = connectFailFast(options.url);
    this.queue = new Queue(this.queueName, { connection: this.queueClient });
    this.queue.on('error', () => undefined); // reported through the failing operations
  }

  enqueue(job: JobRequest): Promise<void> {
    return available('enqueue', () => this.add(job), this.clients, this.outage);
  }

  get(id: string): Promise<JobState | undefined> {
    return available('get', () => this.read(id), this.clients, this.outage);
  }

  cancel(id: string): Promise<boolean> {
    return available('cancel', () => this.remove(id), this.clients, this.outage);
  }

  /** Every connection the queue's operations use answers (after an outage: all of them back, not only the first). */
  async ping(): Promise<void> {
    await available('ping', () => Promise.all(this.clients.map((c) => c.ping())), this.clients, this.outage);
  }

  private get clients(): Redis[] {
    return [this.client, this.queueClient];
  }

  /** 1 + the owner's jobs already queued or running (stale entries dropped first). */
  private async priorityFor(id: string, owner: string): Promise<number> {
    const key = ownerKey(this.queueName, owner);
    const now = Date.now();
    const [, [, load]] = (await this.client
      .multi()
      .zremrangebyscore(key, 0, now - OWNER_STALE_MS)
      .zcard(key)
      .zadd(key, now, id)
      .pexpire(key, OWNER_STALE_MS)
      .hset(ownersKey(this.queueName), id, owner)
      .exec()) as [unknown, [unknown, number]];
    return clampPriority(1 + load);
  }

  private async add(job: JobRequest): Promise<void> {
    const existing = await this.queue.getJob(job.id);
    if (existing) {
      const state = await existing.getState();
      const cancelled = await this.client.exists(cancelKey(this.queueName, job.id));
      if (state !== 'failed' && !cancelled) return; // deduplication by id
      await existing.remove().catch(() => undefined);
    }
    await this.client.del(cancelKey(this.queueName, job.id));
    const priority = await this.priorityFor(job.id, job.owner ?? '');
    await this.queue.add(job.name, job.data, {
      jobId: job.id,
      priority,
      attempts: this.attempts,
      backoff: { type: 'fixed', delay: 200 },
      removeOnComplete: { age: KEEP_SECONDS, count: 10_000 },
      removeOnFail: { age: KEEP_SECONDS, count: 10_000 },
    });
  }

  private async read(id: string): Promise<JobState | undefined> {
    if (await this.client.exists(cancelKey(this.queueName, id))) return { id, status: 'cancelled', progress: 0 };
    // state first: a job seen completed already has its return value (BullMQ writes both at once)
    const raw = await this.queue.getJobState(id);
    if (raw === 'unknown') return undefined;
    const job = await Job.fromId(this.queue, id);
    if (!job) return undefined;
    const status = statusOf(raw, cursorOf(job.data) !== undefined);
    const progress = status === 'completed' ? 1 : typeof job.progress === 'number' ? Math.max(0, Math.min(1, job.progress)) : 0;
    const state: JobState = { id, status, progress };
    if (status === 'completed') state.result = job.returnvalue;
    if (status === 'failed') state.error = job.failedReason || 'The job failed.';
    return state;
  }

  private async remove(id: string): Promise<boolean> {
    const job = await Job.fromId(this.queue, id);
    if (!job) return false;
    const state = await job.getState();
    if (state === 'completed' || state === 'failed') return false;
    if (await this.client.exists(cancelKey(this.queueName, id))) return false;
    await this.client.set(cancelKey(this.queueName, id), '1', 'EX', KEEP_SECONDS);
    if (state !== 'active') {
      try {
        await job.remove();
      } catch {
        // it became active meanwhile: signal the workers below
      }
    }
    await this.client.publish(cancelChannel(this.queueName), id);
    await releaseOwner(this.client, this.queueName, id);
    this.emit({ id, status: 'cancelled', progress: 0 });
    return true;
  }

  onUpdate(listener: (state: JobState) => void): () => void {
    this.listeners.add(listener);
    this.watch();
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    // bounded: just after an outage BullMQ's close may wait for a connection that is not coming
    // back, and a shutdown must end within its grace (CONTRACT §8.5); the sockets are dropped below
    await within(CLOSE_TIMEOUT_MS, this.events?.close());
    await within(CLOSE_TIMEOUT_MS, this.queue.close());
    this.eventsClient?.disconnect();
    this.queueClient.disconnect();
    this.client.disconnect();
  }

  private emit(state: JobState): void {
    for (const l of this.listeners) {
      try {
        l(state);
      } catch {
        // a listener's failure is its own
      }
    }
  }

  private watch(): void {
    if (this.events) return;
    this.eventsClient = connect(this.options.url);
    this.eventsClient.on('error', () => undefined); // reported through the failing operations
    this.events = new QueueEvents(this.queueName, { connection: this.eventsClient });
    const refresh = async (jobId: string) => {
      if (!this.listeners.size) return;
      const state = await this.get(jobId).catch(() => undefined);
      if (state) this.emit(state);
    };
    for (const event of ['active', 'progress', 'completed', 'failed', 'waiting', 'stalled'] as const) {
      this.events.on(event, (args: { jobId: string }) => void refresh(args.jobId));
    }
    this.events.on('error', () => undefined);
  }

  /** Remove the queue and all its jobs from Redis (tests). */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
    for (const match of [cancelKey(this.queueName, '*'), ownerKey(this.queueName, '*'), ownersKey(this.queueName)]) {
      const stream = this.client.scanStream({ match, count: 100 });
      for await (const keys of stream as AsyncIterable<string[]>) if (keys.length) await this.client.del(...keys);
    }
  }

  /** Resolves once QueueEvents listens (tests: so no event is missed). */
  async watching(): Promise<void> {
    this.watch();
    await this.events!.waitUntilReady();
  }
}
