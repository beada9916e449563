/**
 * Entry point of `npm run worker` (needs REDIS_URL): runs the queued jobs with BullMQ sandboxed
 * processors (one child process per concurrent job, src/infra/queue/sandbox.ts) so CPU-bound
 * simulations never stall this process, which renews the job locks. Progress and final states are
 * also written to the simulations table here (DATABASE_URL, or the embedded database), so results
 * are persisted even when no API process is listening (with DATABASE_URL). Without it the embedded
 * database belongs to the API process on the same DATA_DIR: the worker connects to its private
 * socket (`src/infra/database/endpoint.ts`) and exits 1 when no API runs there. Stops gracefully on
 * SIGTERM/SIGINT: active jobs finish or, after 25 s, are left to be taken back by another worker
 * when their lock expires.
 */
import { availableParallelism, hostname } from 'node:os';
import { loadConfig } from './config.js';
import { NoEmbeddedOwner, openWorkerDatabase } from './infra/database/index.js';
import { startBullWorker } from './infra/queue/index.js';
import { SqlSimulationStore } from './infra/simulation-store.js';
import type { Database } from './app/ports.js';

/** pino's numeric levels: the worker's lines have the API's (Fastify's pino) shape, one log format for every process. */
const LEVEL = { info: 30, warn: 40, error: 50 } as const;
const host = hostname();
const log = (level: keyof typeof LEVEL, msg: string, fields: object = {}) =>
  process.stdout.write(JSON.stringify({ level: LEVEL[level], time: Date.now(), pid: process.pid, hostname: host, ...fields, msg }) + '\n');

const config = loadConfig();
if (!config.redisUrl) {
  log('error', 'REDIS_URL is not set: without it simulations run in-process inside the API (npm start); there is nothing for a worker to do.');
  process.exit(1);
}

let database: Database | undefined;
try {
  // PostgreSQL is retried in the background; the embedded database is reached through its owner.
  database = await openWorkerDatabase(config, { log: { info: (o, m) => log('info', m ?? '', o), warn: (o, m) => log('warn', m ?? '', o) } });
} catch (error) {
  if (error instanceof NoEmbeddedOwner) {
    log('error', error.message);
    process.exit(1);
  }
  log('warn', 'database unavailable: results stay in Redis until the API reads them', { err: (error as Error).message });
}
const store = database ? new SqlSimulationStore(database) : undefined;
const concurrency = Number(process.env.WORKER_CONCURRENCY) || Math.max(1, availableParallelism());
const { worker, close } = await startBullWorker({ url: config.redisUrl, queueName: config.queueName, concurrency });

const lastWrite = new Map<string, number>();
const persist = (p: Promise<unknown> | undefined) => void p?.catch((err: Error) => log('warn', 'could not persist a simulation update', { err: err.message }));
worker.on('progress', (job, progress) => {
  if (job.name !== 'simulation' || typeof progress !== 'number') return;
  const now = Date.now();
  if (now - (lastWrite.get(job.id!) ?? 0) < 1000) return;
  lastWrite.set(job.id!, now);
  persist(store?.progress(job.id!, progress));
});
worker.on('completed', (job, result) => {
  lastWrite.delete(job.id!);
  if (job.name === 'simulation') persist(store?.finish(job.id!, { status: 'completed', result }));
});
worker.on('failed', (job, error) => {
  if (!job || job.name !== 'simulation') return;
  const final = job.attemptsMade >= (job.opts.attempts ?? 1) || error.name === 'UnrecoverableError';
  if (!final) return; // it will be retried
  lastWrite.delete(job.id!);
  const cancelled = error.message === 'The job was cancelled.';
  persist(store?.finish(job.id!, cancelled ? { status: 'cancelled' } : { status: 'failed', error: error.message }));
});
log('info', 'worker started', { concurrency, queue: worker.name });

let closing = false;
async function shutdown(signal: string) {
  if (closing) process.exit(1);
  closing = true;
  log('info', 'worker shutting down', { signal });
  const force = setTimeout(() => process.exit(1), 25_000);
  force.unref();
  await close();
  await database?.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
