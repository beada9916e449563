/**
 * The job runner for suites that run simulations: the in-process runner, or BullMQ (a unique
 * queue, with a worker in this process) when REDIS_URL is set.
 */
import { randomUUID } from 'node:crypto';
import type { JobRunner } from '../../src/app/ports.js';
import { BullJobRunner, InProcessJobRunner, startBullWorker } from '../../src/infra/queue/index.js';

export async function openRunner(): Promise<{ jobs: JobRunner; close(): Promise<void> }> {
  const url = process.env.REDIS_URL;
  if (!url) {
    const jobs = new InProcessJobRunner({ concurrency: 1 });
    return { jobs, close: () => jobs.close() };
  }
  const queueName = `arbiter-test-${randomUUID()}`;
  const jobs = new BullJobRunner({ url, queueName });
  const worker = await startBullWorker({ url, queueName, concurrency: 1 });
  return {
    jobs,
    close: async () => {
      await worker.close();
      await jobs.obliterate();
      await jobs.close();
    },
  };
}
