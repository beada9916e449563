/**
 * Opens the job runner: BullMQ at REDIS_URL (the API only enqueues; `npm run worker` runs), or
 * in-process worker threads. BullMQ is loaded only when REDIS_URL asks for it: an embedded start
 * does not pay for loading it. `log` receives the queue's outages (once each, on state change).
 */
import type { Config } from '../../config.js';
import type { Database, JobRunner } from '../../app/ports.js';
import { InProcessJobRunner } from './in-process.js';
import type { OutageLogger } from '../outage.js';

export async function openJobRunner(config: Config, _database: Database | undefined, options: { queueName?: string; log?: OutageLogger } = {}): Promise<JobRunner | undefined> {
  if (config.redisUrl) {
    const { BullJobRunner } = await import('./bullmq.js');
    const runner = new BullJobRunner({ url: config.redisUrl, queueName: options.queueName ?? config.queueName, log: options.log });
    await runner.ping();
    return runner;
  }
  return new InProcessJobRunner();
}
