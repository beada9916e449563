/**
 * Opens the real implementations of the ports from the configuration:
 * PostgreSQL at DATABASE_URL or embedded PGlite under DATA_DIR; BullMQ at REDIS_URL or in-process
 * worker threads. (Filled by the foundation issue's infra work.)
 */
import type { Config } from '../config.js';
import type { AppDeps } from '../http/app.js';

export interface Infra extends AppDeps {
  close(): Promise<void>;
}

export async function openInfra(_config: Config): Promise<Infra> {
  return { close: async () => {} };
}
