/**
 * A BullMQ worker process's side (`npm run worker`, src/worker.ts): runs jobs in sandboxed child
 * processes (sandbox.ts) and honours cancellations.
 *
 * Fairness between owners: a sliced job (steps.ts: a simulation) holds its worker slot for one slice
 * (≈0.4 s) per turn. When the child answers with the place of the next slice, the worker stores it
 * in the job's data, gives the job a fresh owner-load priority (`turnPriority`) and moves it to the
 * delayed set due at once (BullMQ's step-job pattern: moveToDelayed + DelayedError), which puts it
 * back in the queue behind every job of the same or a lower priority number — so another owner's
 * job waiting for a slot takes the next free one instead of waiting for a large job to end. The
 * re-queueing happens here, in the worker process, not in the child: the sandbox forwards a child's
 * queue commands without waiting for them, so data, priority and move could land out of order.
 *
 * Crashes: a dead child fails the turn and BullMQ retries it (`attempts`); a dead worker process
 * leaves its job stalled and another worker takes it back once the lock expires. Either way the job
 * goes on from the last stored slice, and the result is the one of a whole run for its seed.
 */
import { DelayedError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { JobCancelled } from '../../app/simulations/job.js';
import { entryFile } from './entry.js';
import { DEFAULT_QUEUE, cancelChannel, cancelKey, connect, releaseOwner, turnPriority } from './redis-keys.js';
import { STEP, isSliced, type StepAnswer } from './steps.js';

export interface BullWorkerOptions {
  url: string;
  queueName?: string;
  concurrency?: number;
  /**
   * Lock duration in ms (default JOB_LOCK_MS, 5 s; renewed by the worker process every half of it,
   * never blocked: jobs run in child processes). A job whose worker process died is taken back by
   * another worker within lockDuration + the stalled-job check interval (≤ lockDuration): 10 s.
   */
  lockDuration?: number;
}

/** A running job's lock (ms): a job left by a dead worker is resumed by another within twice this. */
const JOB_LOCK_MS = 5_000;

type Run = (job: Job, token?: string, signal?: AbortSignal) => Promise<unknown>;

/** One turn of a job on a worker slot: a sliced job's next slice, any other job whole. */
async function takeTurn(run: Run, job: Job, token: string | undefined, signal: AbortSignal | undefined, client: Redis, queueName: string): Promise<unknown> {
  if (!isSliced(job.name)) return run(job, token, signal);
  const cancelled = async () => Boolean(signal?.aborted) || (await client.exists(cancelKey(queueName, job.id!))) > 0;
  // cancelled between two turns (the API could not remove it while it was active)
  if (await cancelled()) throw new JobCancelled();
  const answer = (await run(job, token, signal)) as StepAnswer;
  if (answer.done) return answer.result;
  if (await cancelled()) throw new JobCancelled();
  await job.updateData({ ...job.data, [STEP]: answer.cursor });
  await job.changePriority({ priority: await turnPriority(client, queueName, job.id!) });
  await job.moveToDelayed(Date.now(), token);
  throw new DelayedError();
}

/** A Worker whose sandboxed processor runs sliced jobs one turn at a time (BullMQ's own extension point). */
function slicedWorker(client: Redis, queueName: string) {
  return class SlicedWorker extends Worker {
    protected override createSandbox(processor: Parameters<Worker['createSandbox']>[0]): void {
      super.createSandbox(processor);
      const run = this.processFn as Run;
      this.processFn = (job, token, signal) => takeTurn(run, job, token, signal, client, queueName);
    }
  };
}

/** A worker process's side: runs jobs in sandboxed child processes and honours cancellations. */
export async function startBullWorker(options: BullWorkerOptions): Promise<{ worker: Worker; close(force?: boolean): Promise<void> }> {
  const queueName = options.queueName ?? DEFAULT_QUEUE;
  const processor = fileURLToPath(entryFile('sandbox'));
  const client = connect(options.url);
  const SlicedWorker = slicedWorker(client, queueName);
  const worker = new SlicedWorker(queueName, processor, {
    connection: connect(options.url),
    concurrency: options.concurrency ?? Math.max(1, availableParallelism()),
    lockDuration: options.lockDuration ?? JOB_LOCK_MS,
    stalledInterval: Math.min(JOB_LOCK_MS, options.lockDuration ?? JOB_LOCK_MS),
    // a job left by a dead worker goes on from its last stored slice; a job that stalls repeatedly fails
    maxStalledCount: 2,
    useWorkerThreads: false,
  });
  worker.on('error', () => undefined);
  // the job no longer counts towards its owner's load (priority of the owner's next jobs)
  worker.on('completed', (job) => void releaseOwner(client, queueName, job.id!).catch(() => undefined));
  worker.on('failed', (job, error) => {
    if (job && (job.attemptsMade >= (job.opts.attempts ?? 1) || error.name === 'UnrecoverableError')) void releaseOwner(client, queueName, job.id!).catch(() => undefined);
  });
  // a job cancelled while it was being picked up
  worker.on('active', (job) => {
    void client.exists(cancelKey(queueName, job.id!)).then(
      (n) => n && worker.cancelJob(job.id!, 'cancelled'),
      () => undefined,
    );
  });
  const subscriber = connect(options.url);
  await subscriber.subscribe(cancelChannel(queueName));
  subscriber.on('message', (_channel: string, id: string) => {
    worker.cancelJob(id, 'cancelled');
  });
  await worker.waitUntilReady();
  return {
    worker,
    /** `force`: stop at once, as a crash would (active jobs are taken back once their lock expires). */
    close: async (force = false) => {
      subscriber.disconnect();
      await worker.close(force);
      client.disconnect();
    },
  };
}
