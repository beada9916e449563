/**
 * What the application needs from the outside, as opened by src/infra/index.ts (or by a test):
 * absent parts disable the routes that need them. The composition root (src/composition.ts) builds
 * the services from these once, at start-up.
 */
import type { Clock, Database, IdSource, JobRunner } from './ports.js';

export interface AppDeps {
  database?: Database;
  jobs?: JobRunner;
  /** Extra Redis client for distributed rate limiting (when REDIS_URL is set). */
  redis?: unknown;
  /** Defaults to the system clock. */
  clock?: Clock;
  /** Defaults to random UUIDs. */
  ids?: IdSource;
}
