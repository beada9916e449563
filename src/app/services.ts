/**
 * The use-case services of one running application, built once at start-up from the ports by the
 * composition root (src/composition.ts) and shared by every transport (REST, GraphQL, feeds).
 * A service whose ports are missing is absent; the transports answer 503 for it.
 */
import type { ApiKeyStore, Clock, IdSource, JobRunner } from './ports.js';
import type { EventStore } from './matches/ports.js';
import type { SimulationStore } from './simulations/ports.js';
import { MatchService } from './matches/service.js';
import { AppendNotifier } from './matches/notifier.js';
import { SimulationService } from './simulations/service.js';
import type { ReceiptKeyStore, RosterStore } from './league/ports.js';
import { ReceiptService } from './league/receipts.js';
import { RosterService } from './league/rosters.js';

/** The match service with the notifier that wakes this process's feeds and subscriptions. */
export interface MatchRuntime {
  service: MatchService;
  notifier: AppendNotifier;
}

export interface Services {
  clock: Clock;
  ids: IdSource;
  apiKeys?: ApiKeyStore;
  matches?: MatchRuntime;
  simulations?: SimulationService;
  /** Signed receipts (CONTRACT §7.4): always present (keys in the database, or in memory without one). */
  receipts: ReceiptService;
  /** Stored army lists (needs a database). */
  rosters?: RosterService;
  /** Stops what the services subscribed to (the job runner's updates). */
  close(): void;
}

/** The ports the services are built from. */
export interface ServicePorts {
  clock: Clock;
  ids: IdSource;
  apiKeys?: ApiKeyStore;
  events?: EventStore;
  simulations?: SimulationStore;
  jobs?: JobRunner;
  receiptKeys: ReceiptKeyStore;
  /** `iss` of receipts. */
  receiptIssuer: string;
  rosters?: RosterStore;
}

export function buildServices(ports: ServicePorts): Services {
  const { clock, ids } = ports;
  let matches: MatchRuntime | undefined;
  if (ports.events) {
    const notifier = new AppendNotifier();
    matches = { notifier, service: new MatchService(ports.events, { ids, onAppended: (id, v) => notifier.notify(id, v) }) };
  }
  const simulations = ports.simulations && ports.jobs ? new SimulationService(ports.simulations, ports.jobs, { clock, ids }) : undefined;
  const receipts = new ReceiptService(ports.receiptKeys, { clock, issuer: ports.receiptIssuer });
  const rosters = ports.rosters && new RosterService(ports.rosters, ids);
  return { clock, ids, apiKeys: ports.apiKeys, matches, simulations, receipts, rosters, close: () => simulations?.close() };
}
