/**
 * What the application needs from the outside, as opened by src/infra/index.ts (or by a test):
 * absent parts disable the routes that need them. The composition root (src/composition.ts) builds
 * the services from these once, at start-up.
 */
import type { ApiKeyStore, Clock, Database, IdSource, JobRunner } from './ports.js';
import type { EventStore } from './matches/ports.js';
import type { SimulationStore } from './simulations/ports.js';
import type { CatalogStore, ReceiptKeyStore, RosterStore } from './league/ports.js';
import type { BlindRollStore } from './dice/blind-ports.js';

/** Every store the services keep state in (src/infra/memory: all in memory, for fast tests and tools). */
export interface StorePorts {
  apiKeys: ApiKeyStore;
  events: EventStore;
  simulations: SimulationStore;
  rosters: RosterStore;
  receiptKeys: ReceiptKeyStore;
  /** A league's stored catalogs (CONTRACT §8.4); absent → no catalog routes (503). */
  catalogs?: CatalogStore;
  /** Blind rolls (CONTRACT §8.3); absent → the composition root keeps them in memory. */
  blindRolls?: BlindRollStore;
}

export interface AppDeps {
  database?: Database;
  /** Stores to use instead of the database's (e.g. in memory); the database, if any, is then only pinged by /ready. */
  stores?: StorePorts;
  jobs?: JobRunner;
  /** Extra Redis client for distributed rate limiting (when REDIS_URL is set). */
  redis?: unknown;
  /** Defaults to the system clock. */
  clock?: Clock;
  /** Defaults to random UUIDs. */
  ids?: IdSource;
}
