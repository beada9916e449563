/**
 * The event store port (CONTRACT §5): match streams owned by an API key, events numbered 1..n,
 * appends checked against an expected version by the database itself, idempotent retries.
 * src/infra/event-store implements it over the `Database` port (PostgreSQL and PGlite).
 * Listings (matches here, simulations beside their store) share its keys, cursors and page sizes.
 */
import { InvalidInput, type InputProblem } from '../../kernel/errors.js';

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

/**
 * Where a listing stands (CONTRACT §8.2): a row's exact creation time and its id. Listings are
 * newest first, ordered by (createdAt DESC, id DESC); `createdAt` here is the stored time at full
 * precision (PostgreSQL keeps microseconds, an answer's `createdAt` shows milliseconds), ISO 8601
 * in UTC. Rows created after a reader's key sort before it, so paging on keys never repeats or
 * skips a row that existed when the first page was read.
 */
export interface ListKey {
  createdAt: string;
  id: string;
}

/** A match as a listing shows it: the record, its current version, its last change and its key. */
export interface MatchListEntry extends MatchRecord {
  /** The last event's recordedAt, else createdAt. */
  updatedAt: string;
  key: ListKey;
}

export interface MatchListQuery {
  game?: string;
  /** Only matches after this key in listing order (older ones). */
  after?: ListKey;
  limit: number;
}

const LIST_KEY_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z$/;

/** Microseconds since the epoch of a key's time (undefined when it is not one: see LIST_KEY_TIME). */
function listKeyMicros(createdAt: string): bigint | undefined {
  const m = LIST_KEY_TIME.exec(createdAt);
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]}Z`);
  // a calendar date that does not exist (02-31) parses to another day, or not at all
  if (!Number.isFinite(ms) || ms < 0 || new Date(ms).toISOString().slice(0, 19) !== m[1]) return undefined;
  return BigInt(ms) * 1000n + BigInt((m[2] ?? '').padEnd(6, '0'));
}

/** Listing order: negative when `a` is listed before `b` (newer, or as new with a greater id). */
export function compareListKeys(a: ListKey, b: ListKey): number {
  const [x, y] = [listKeyMicros(a.createdAt) ?? 0n, listKeyMicros(b.createdAt) ?? 0n];
  if (x !== y) return x > y ? -1 : 1;
  return a.id === b.id ? 0 : a.id > b.id ? -1 : 1;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A listing's cursor: base64url of `[listing, createdAt, id]` — the last row's key, named after
 * its listing so that one listing's cursor is refused by another. Opaque to clients.
 */
export function encodeListCursor(listing: string, key: ListKey): string {
  return Buffer.from(JSON.stringify([listing, key.createdAt, key.id]), 'utf8').toString('base64url');
}

/** The key a cursor of `listing` holds, or undefined when it is not one (altered, truncated, another listing's). */
function decodeListCursor(listing: string, cursor: string): ListKey | undefined {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== listing) return undefined;
  const [, createdAt, id] = parsed as unknown[];
  if (typeof createdAt !== 'string' || typeof id !== 'string' || !UUID.test(id) || listKeyMicros(createdAt) === undefined) return undefined;
  return { createdAt, id };
}

/** The bounds of a listing's `limit` (CONTRACT §8.2). */
export const LIST_LIMIT = { min: 1, max: 100, default: 20 } as const;

/** The page size asked for, or a 400 naming `/limit`; the key a cursor holds, or a 400 naming `/cursor`. */
export function listWindow(listing: string, request: { limit?: number; cursor?: string }): { limit: number; after?: ListKey } {
  const limit = request.limit ?? LIST_LIMIT.default;
  const problems: (InputProblem & { in: string })[] = [];
  if (!Number.isInteger(limit) || limit < LIST_LIMIT.min || limit > LIST_LIMIT.max) {
    problems.push({ path: '/limit', code: 'out_of_range', message: `must be an integer from ${LIST_LIMIT.min} to ${LIST_LIMIT.max}`, in: 'querystring' });
  }
  const after = request.cursor === undefined ? undefined : decodeListCursor(listing, request.cursor);
  if (request.cursor !== undefined && !after) {
    problems.push({ path: '/cursor', code: 'invalid_cursor', message: 'not a cursor of this listing: send `next` of the previous page as it was given', in: 'querystring' });
  }
  if (problems.length) throw new InvalidInput(problems, 'The listing parameters are not valid.');
  return { limit, ...(after ? { after } : {}) };
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
   * The matches of `ownerId` (of `game` when given), newest first by (createdAt, id), after
   * `query.after` when given, at most `query.limit`. Another owner's matches are never listed.
   */
  listMatches(ownerId: string, query: MatchListQuery): Promise<MatchListEntry[]>;
  /**
   * The generation of every seat of the match whose tokens were ever revoked (CONTRACT §8.1), by
   * player id (a seat never revoked is at 0); undefined when the match is not `ownerId`'s.
   */
  seatGenerations(ownerId: string, matchId: string): Promise<Record<string, number> | undefined>;
  /** Raise the generation of `playerId`'s seat (its tokens stop working); the new generation. Throws NotFound (unknown match or another owner's). */
  revokeSeat(ownerId: string, matchId: string, playerId: string): Promise<number>;
  /**
   * Run `work` at most once per (ownerId, key): the first call's answer is stored in the same
   * transaction as its effects; a repeat with the same hash gets that answer back (`replayed`), with
   * another hash throws RuleViolation `idempotency_key_reused`. When `work` throws, nothing is stored.
   */
  idempotent(ownerId: string, request: IdempotencyRequest, work: (store: EventStore) => Promise<StoredAnswer>): Promise<StoredAnswer & { replayed: boolean }>;
  /**
   * Run `work` as the only serialized work on match `matchId` (every process of the deployment),
   * in one transaction: a concurrent `serialized` call on the same match waits until this one has
   * committed or rolled back, then reads what it wrote — so a read → decide → append there does
   * not collide on the version (contention waits instead of deciding again). Works on other
   * matches do not wait for it (except where the database itself is one session: PGlite, memory).
   * When `work` throws, nothing it wrote is stored. Inside `work` use only the store it receives.
   * Called on the store an `idempotent` work receives, it joins that transaction. Writers that do
   * not call it (an append with the client's expectedVersion) are still checked by `append`.
   * `committed` runs with the work's result once its transaction has committed and before the next
   * serialized work on the match starts (what it keeps of the result is then there for that one);
   * not when it joins an idempotent transaction, which commits later. What it throws is ignored:
   * the work is committed, and its result is the answer (`tellCommitted`).
   */
  serialized<T>(matchId: string, work: (store: EventStore) => Promise<T>, committed?: (result: T) => void): Promise<T>;
  /**
   * `serialized` for work that writes once, by one `append`, as its last fallible step (what follows
   * it cannot fail on the store: it only assembles the answer). Where a transaction would exclude no
   * writer that the append does not already refuse — PGlite written only through this process's
   * handle (Database.soleWriter), whose turns queue per match there and whose other writers are
   * refused by the append's version check — none is opened: the append commits alone (one statement
   * instead of BEGIN, the append, COMMIT). Elsewhere, and inside an idempotent transaction, exactly
   * `serialized`.
   */
  appendTurn<T>(matchId: string, work: (store: EventStore) => Promise<T>, committed?: (result: T) => void): Promise<T>;
}

/** Runs a `serialized` work's `committed` callback on its result; a committed work's answer stands whatever it throws. */
export function tellCommitted<T>(committed: ((result: T) => void) | undefined, result: T): void {
  try {
    committed?.(result);
  } catch {
    // what it keeps (a cache) is only missed: the next turn reads instead
  }
}
