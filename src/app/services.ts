/**
 * The use-case services of one running application, built once at start-up from the ports by the
 * composition root (src/composition.ts) and shared by every transport (REST, GraphQL, feeds).
 * A service whose ports are missing is absent; the transports answer 503 for it.
 */
import type { ApiKeyStore, Clock, IdSource, JobRunner } from './ports.js';
import type { EventStore } from './matches/ports.js';
import type { SimulationStore } from './simulations/ports.js';
import { matchServices, type MatchServices } from './matches/service.js';
import { SeatTokenService } from './matches/seat-tokens.js';
import { SeatWatch } from './matches/seat-watch.js';
import type { AppendNotifications } from './matches/notifications.js';
import { AppendNotifier } from './matches/notifier.js';
import { SimulationService } from './simulations/service.js';
import { KeyRevocations } from './revocations.js';
import type { CatalogStore, ReceiptKeyStore, RosterStore } from './league/ports.js';
import { CatalogService } from './league/catalogs.js';
import { ReceiptService } from './league/receipts.js';
import { RosterService } from './league/rosters.js';
import { FeedTokenService, MAX_FEED_TOKEN_TTL_SECONDS } from './feeds/feed-tokens.js';
import { BlindRollService } from './dice/blind.js';
import type { BlindRollStore } from './dice/blind-ports.js';

/** The match services (commands, reads, listing) with the notifications that wake feeds and subscriptions on appends. */
export interface MatchRuntime extends MatchServices {
  notifications: AppendNotifications;
  /** Seat and spectator tokens (CONTRACT §8.1), and the open streams of seats (ended when a seat is revoked). */
  seats: SeatTokenService;
  seatWatch: SeatWatch;
}

export interface Services {
  clock: Clock;
  ids: IdSource;
  apiKeys?: ApiKeyStore;
  /** Ends the open streams of revoked keys (their simulations are cancelled on revocation). */
  revocations?: KeyRevocations;
  matches?: MatchRuntime;
  simulations?: SimulationService;
  /** Signed receipts (CONTRACT §7.4): always present (keys in the database, or in memory without one). */
  receipts: ReceiptService;
  /** Stored army lists (needs a database). */
  rosters?: RosterService;
  /** A league's stored catalogs (CONTRACT §8.4; needs a database). */
  catalogs?: CatalogService;
  /** Read-only tokens for one event stream (CONTRACT §7.2), signed with the receipt key. */
  feedTokens: FeedTokenService;
  /** Provably fair blind rolls (CONTRACT §8.3): absent without a store (REST answers 503). */
  blindRolls?: BlindRollService;
  /** Stops what the services subscribed to (the job runner's updates, append notifications). */
  close(): Promise<void>;
}

/** The ports the services are built from. */
export interface ServicePorts {
  clock: Clock;
  ids: IdSource;
  apiKeys?: ApiKeyStore;
  events?: EventStore;
  /** Wakes feeds on appends from every process (default: in-process only, for one-process stores). */
  notifications?: AppendNotifications;
  simulations?: SimulationStore;
  jobs?: JobRunner;
  receiptKeys: ReceiptKeyStore;
  /** `iss` of receipts. */
  receiptIssuer: string;
  rosters?: RosterStore;
  catalogs?: CatalogStore;
  /** Lifetime of feed tokens (default and maximum: 600 s). */
  feedTokenTtlSeconds?: number;
  /** Blind rolls between their commitment and their reveal. */
  blindRolls?: BlindRollStore;
}

export function buildServices(ports: ServicePorts): Services {
  const { clock, ids } = ports;
  let matches: MatchRuntime | undefined;
  if (ports.events) {
    const notifications = ports.notifications ?? new AppendNotifier();
    const seatWatch = new SeatWatch(ports.events);
    matches = {
      notifications,
      ...matchServices(ports.events, { ids, onAppended: (id, v) => notifications.publish(id, v) }),
      seats: new SeatTokenService(ports.receiptKeys, ports.events, { clock, issuer: ports.receiptIssuer, onRevoked: (id, player) => seatWatch.announce(id, player) }),
      seatWatch,
    };
  }
  const simulations = ports.simulations && ports.jobs ? new SimulationService(ports.simulations, ports.jobs, { clock, ids }) : undefined;
  const revocations = ports.apiKeys && new KeyRevocations(ports.apiKeys, { onRevoked: (owner) => simulations?.cancelAllOf(owner) });
  const receipts = new ReceiptService(ports.receiptKeys, { clock, issuer: ports.receiptIssuer });
  const catalogs = ports.catalogs && new CatalogService(ports.catalogs, ids);
  const rosters = ports.rosters && new RosterService(ports.rosters, ids, {}, { clock, catalogs, receipts });
  const feedTokens = new FeedTokenService(ports.receiptKeys, { clock, issuer: ports.receiptIssuer, ttlSeconds: ports.feedTokenTtlSeconds ?? MAX_FEED_TOKEN_TTL_SECONDS });
  const blindRolls = ports.blindRolls && new BlindRollService(ports.blindRolls, { clock, ids });
  const close = async () => {
    simulations?.close();
    revocations?.close();
    matches?.seatWatch.close();
    await matches?.notifications.close();
  };
  return { clock, ids, apiKeys: revocations?.store, revocations, matches, simulations, receipts, rosters, catalogs, feedTokens, blindRolls, close };
}
