/**
 * The event store port (CONTRACT §5): match streams owned by an API key, events numbered 1..n,
 * appends checked against an expected version by the database itself, idempotent retries.
 * src/infra/event-store implements it over the `Database` port (PostgreSQL and PGlite).
 */

export interface Player {
  id: string;
  name: string;
  [extra: string]: unknown;
}

export interface MatchRecord {
  id: string;
  ownerId: string;
  game: string;
  players: Player[];
  options: Record<string, unknown>;
  version: number;
  createdAt: string;
}

/** An event as a writer hands it to the store. */
export interface NewEvent {
  type: string;
  data: unknown;
  /** Version of the event's data schema (upcasters upgrade older versions when read). */
  schemaVersion?: number;
  metadata?: Record<string, unknown>;
}

/** An event as stored. */
export interface StoredEvent {
  matchId: string;
  version: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: Record<string, unknown>;
  recordedAt: string;
  /** Global position (see readAll). */
  position: string;
  /** Writing transaction id (xid8, as text). */
  transactionId: string;
}

/** Where a global-feed reader stopped: the last (transactionId, position) it saw. */
export interface FeedCheckpoint {
  transactionId: string;
  position: string;
}

/** An idempotent request: `hash` is a digest of everything that makes the request what it is. */
export interface IdempotencyRequest {
  key: string;
  hash: string;
}

/** The first answer stored for an idempotency key. */
export interface StoredAnswer {
  status: number;
  body: unknown;
}

export interface AppendResult {
  version: number;
  events: StoredEvent[];
}

export interface EventStore {
  createMatch(input: { id: string; ownerId: string; game: string; players: Player[]; options: Record<string, unknown> }): Promise<MatchRecord>;
  /** The match if it exists and belongs to `ownerId`. */
  getMatch(ownerId: string, id: string): Promise<MatchRecord | undefined>;
  /**
   * Append `events` as versions expectedVersion+1 … atomically. Throws NotFound (unknown match or
   * another owner's) and VersionConflict (the stream is not at `expectedVersion`).
   */
  append(ownerId: string, matchId: string, expectedVersion: number, events: NewEvent[]): Promise<AppendResult>;
  /** Events with version ≥ from (and ≤ to), in version order. */
  read(ownerId: string, matchId: string, range?: { from?: number; to?: number; limit?: number }): Promise<StoredEvent[]>;
  /**
   * Global feed across every match of `ownerId` (or of everyone when null): events committed after
   * `after`, in commit-safe order; never returns an event while an older transaction may still add
   * one before it.
   */
  readAll(ownerId: string | null, after: FeedCheckpoint | null, limit?: number): Promise<StoredEvent[]>;
  /**
   * Run `work` at most once per (ownerId, key): the first call's answer is stored in the same
   * transaction as its effects; a repeat with the same hash gets that answer back (`replayed`), with
   * another hash throws RuleViolation `idempotency_key_reused`. When `work` throws, nothing is stored.
   */
  idempotent(ownerId: string, request: IdempotencyRequest, work: (store: EventStore) => Promise<StoredAnswer>): Promise<StoredAnswer & { replayed: boolean }>;
}
