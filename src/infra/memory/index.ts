/**
 * Every storage port in memory, composed: what the app needs to run without a database (fast API
 * tests, tools). Each implementation passes the same contract suite as its SQL counterpart
 * (tests/contract): API keys (./api-keys.ts), match events (../event-store/memory.ts), simulations
 * (./simulation-store.ts), stored lists (./roster-store.ts), league catalogs (./catalog-store.ts) and receipt keys (the configured key,
 * else one generated for the life of the process: ../receipt-keys.ts). Nothing survives the process;
 * each call answers fresh, empty stores that share nothing with another call's.
 */
import type { Clock } from '../../app/ports.js';
import type { StorePorts } from '../../app/deps.js';
import { MemoryEventStore } from '../event-store/memory.js';
import { memoryReceiptKeys } from '../receipt-keys.js';
import { memoryApiKeyStore } from './api-keys.js';
import { MemorySimulationStore } from './simulation-store.js';
import { memoryRosterStore } from './roster-store.js';
import { memoryCatalogStore } from './catalog-store.js';
import { memoryBlindRollStore } from './blind-roll-store.js';

export { memoryApiKeyStore } from './api-keys.js';
export { MemorySimulationStore } from './simulation-store.js';
export { memoryRosterStore } from './roster-store.js';
export { memoryCatalogStore } from './catalog-store.js';
export { memoryBlindRollStore } from './blind-roll-store.js';

export type { StorePorts };

export interface MemoryStoresOptions {
  /** Stamps `createdAt` / `completedAt` / revocations (default: the system clock). The event store keeps its own time. */
  clock?: Clock;
  /** RECEIPT_SIGNING_KEY (Ed25519, PKCS#8 PEM); without it a key is generated on first use. */
  receiptSigningKey?: string;
}

export function memoryStores(options: MemoryStoresOptions = {}): StorePorts {
  const { clock, receiptSigningKey } = options;
  return {
    apiKeys: memoryApiKeyStore(clock),
    events: MemoryEventStore.create(),
    simulations: new MemorySimulationStore(clock),
    rosters: memoryRosterStore(clock),
    catalogs: memoryCatalogStore(clock),
    receiptKeys: memoryReceiptKeys(receiptSigningKey),
    blindRolls: memoryBlindRollStore(),
  };
}
