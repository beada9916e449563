/**
 * Opens the real implementations of the ports from the configuration:
 * PostgreSQL at DATABASE_URL or embedded PGlite under DATA_DIR; BullMQ at REDIS_URL or in-process
 * worker threads.
 */
import type { Config } from '../config.js';
import type { AppDeps } from '../http/app.js';
import { openDatabase } from './database/index.js';
import { openJobRunner } from './queue/index.js';

export interface Infra extends AppDeps {
  close(): Promise<void>;
}

export async function openInfra(config: Config): Promise<Infra> {
  const database = await openDatabase(config);
  const jobs = await openJobRunner(config, database);
  return {
    database,
    jobs,
    close: async () => {
      await jobs?.close();
      await database?.close();
    },
  };
}
