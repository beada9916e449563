/**
 * The event store in memory: the same contract as the SQL store (tests/contract/event-store.test.ts
 * runs one suite against both), for fast tests of the match use cases and for tools that need no
 * database. Nothing survives the process.
 *
 * - Like PGlite, it is one session: every operation runs alone, in arrival order (an async lock),
 *   so a reader never sees another writer's half-done work. `idempotent` holds the lock for the
 *   whole `work`; inside it, use only the store `work` receives (calling the outer store from there
 *   would wait for itself, exactly as on PGlite).
 * - `serialized` (one match at a time) runs its whole work as one transaction under that lock, as
 *   the SQL store's turn does on PGlite (one session): concurrent commands on a match take turns (no
 *   version collisions, no deciding again) — and so do works on other matches, which costs nothing
 *   here, where every operation is synchronous. A per-match queue in front of the lock could
 *   deadlock with idempotent work, which holds the lock before it names its match.
 * - Every operation is a transaction with an undo log: when it (or an idempotent `work`) throws,
 *   the matches, events and key it created are taken back, so nothing of it is stored.
 * - Answers match the SQL store's: versions 1..n, VersionConflict with the current version, ids as
 *   PostgreSQL prints a uuid, JSON values as `jsonb` gives them back (a JSON round trip with member
 *   names in jsonb's order: shorter first, then bytewise), positions and transaction ids as
 *   increasing integers in text, and the same refusal of unstorable text (./storable.ts).
 */
import type {
  AppendResult,
  EventStore,
  FeedCheckpoint,
  IdempotencyRequest,
  ListKey,
  MatchListEntry,
  MatchListQuery,
  MatchRecord,
  NewEvent,
  Player,
  StoredAnswer,
  StoredEvent,
} from '../../app/matches/ports.js';
import { compareListKeys, tellCommitted } from '../../app/matches/ports.js';
import { VersionConflict } from '../../app/matches/errors.js';
import { NotFound, RuleViolation } from '../../kernel/errors.js';
import { assertStorable, eventParts, matchParts } from './storable.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_VERSION = 2_147_483_647;

/** Member names in jsonb's order: shorter (in UTF-8 bytes) first, then bytewise. */
function jsonbKeyOrder(a: string, b: string): number {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length - y.length || Buffer.compare(x, y);
}

function jsonbOrdered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonbOrdered);
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  // defineProperty: a member named `__proto__` stays a member, as in jsonb
  for (const key of Object.keys(obj).sort(jsonbKeyOrder)) Object.defineProperty(out, key, { value: jsonbOrdered(obj[key]), enumerable: true, writable: true, configurable: true });
  return out;
}

/** What a value reads back as after a trip through a `jsonb` column. */
export function jsonbCopy<T>(value: T): T {
  return jsonbOrdered(JSON.parse(JSON.stringify(value) ?? 'null')) as T;
}

/** A JSON round trip in the writer's member order (what the SQL append hands back). */
const jsonCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value) ?? 'null') as T;

interface StoredMatch {
  record: MatchRecord;
  events: StoredEvent[];
  /** Seat token generations by player id (CONTRACT §8.1). */
  seats: Record<string, number>;
}

interface StoredKey {
  hash: string;
  answer?: StoredAnswer;
}

/** Everything the store holds; shared by the store and the stores handed to idempotent work. */
interface Memory {
  matches: Map<string, StoredMatch>;
  keys: Map<string, StoredKey>;
  position: bigint;
  transactions: bigint;
  /** The lock: settles when the operation that holds it ends. */
  tail: Promise<void>;
}

/** One transaction: its id, its start (recorded_at = now() is the transaction's start), its undo log. */
interface Tx {
  id: string;
  startedAt: string;
  undo: (() => void)[];
}

const copyMatch = (r: MatchRecord, version: number): MatchRecord => ({ ...r, players: jsonbCopy(r.players), options: jsonbCopy(r.options), version });
const copyEvent = (e: StoredEvent): StoredEvent => ({ ...e, data: jsonbCopy(e.data), metadata: jsonbCopy(e.metadata) });

const keyOf = (ownerId: string, key: string) => `${ownerId}\u0000${key}`;

export class MemoryEventStore implements EventStore {
  private constructor(
    private readonly memory: Memory,
    /** Set on the store handed to idempotent work: its operations join that transaction. */
    private readonly tx?: Tx,
  ) {}

  static create(): MemoryEventStore {
    return new MemoryEventStore({ matches: new Map(), keys: new Map(), position: 0n, transactions: 0n, tail: Promise.resolve() });
  }

  /** Runs `fn` as (or within) a transaction: alone, and undone if it throws. */
  private async run<T>(fn: (tx: Tx) => T | Promise<T>): Promise<T> {
    if (this.tx) return fn(this.tx);
    const before = this.memory.tail;
    let release!: () => void;
    this.memory.tail = new Promise<void>((resolve) => (release = resolve));
    await before;
    const tx: Tx = { id: String(++this.memory.transactions), startedAt: new Date().toISOString(), undo: [] };
    try {
      return await fn(tx);
    } catch (error) {
      for (const undo of tx.undo.reverse()) undo();
      throw error;
    } finally {
      release();
    }
  }

  private owned(ownerId: string, id: string): StoredMatch | undefined {
    if (!UUID.test(id)) return undefined;
    const m = this.memory.matches.get(id.toLowerCase());
    return m && m.record.ownerId === ownerId ? m : undefined;
  }

  private currentVersion(ownerId: string, matchId: string): number {
    const m = this.owned(ownerId, matchId);
    if (!m) throw new NotFound(`No match ${matchId}.`);
    return m.events.length;
  }

  createMatch(input: { id: string; ownerId: string; game: string; players: Player[]; options: Record<string, unknown> }): Promise<MatchRecord> {
    return this.run((tx) => {
      assertStorable(...matchParts(input));
      if (!UUID.test(input.id)) throw new Error(`invalid input syntax for type uuid: "${input.id}"`);
      const id = input.id.toLowerCase();
      if (this.memory.matches.has(id)) throw new Error(`duplicate key value violates unique constraint "matches_pkey"`);
      const record: MatchRecord = {
        id,
        ownerId: input.ownerId,
        game: input.game,
        players: jsonbCopy(input.players),
        options: jsonbCopy(input.options),
        version: 0,
        createdAt: tx.startedAt,
      };
      this.memory.matches.set(id, { record, events: [], seats: {} });
      tx.undo.push(() => this.memory.matches.delete(id));
      return copyMatch(record, 0);
    });
  }

  getMatch(ownerId: string, id: string): Promise<MatchRecord | undefined> {
    return this.run(() => {
      const m = this.owned(ownerId, id);
      return m ? copyMatch(m.record, m.events.length) : undefined;
    });
  }

  seatGenerations(ownerId: string, matchId: string): Promise<Record<string, number> | undefined> {
    return this.run(() => {
      const m = this.owned(ownerId, matchId);
      return m ? { ...m.seats } : undefined;
    });
  }

  revokeSeat(ownerId: string, matchId: string, playerId: string): Promise<number> {
    return this.run((tx) => {
      const m = this.owned(ownerId, matchId);
      if (!m) throw new NotFound(`No match ${matchId}.`);
      const before = m.seats[playerId];
      const generation = (before ?? 0) + 1;
      m.seats = { ...m.seats, [playerId]: generation };
      tx.undo.push(() => {
        const { [playerId]: _dropped, ...rest } = m.seats;
        m.seats = before === undefined ? rest : { ...rest, [playerId]: before };
      });
      return generation;
    });
  }

  append(ownerId: string, matchId: string, expectedVersion: number, events: NewEvent[]): Promise<AppendResult> {
    return this.run((tx) => {
      if (!UUID.test(matchId)) throw new NotFound(`No match ${matchId}.`);
      assertStorable(...eventParts(events));
      const current = this.currentVersion(ownerId, matchId);
      // The stream must be exactly at expectedVersion (a writer behind it or ahead of it appends nothing).
      if (!Number.isInteger(expectedVersion) || expectedVersion < 0 || current !== expectedVersion) {
        throw new VersionConflict(expectedVersion, current);
      }
      const m = this.owned(ownerId, matchId)!;
      const stored = events.map((e, i): StoredEvent => ({
        matchId: m.record.id,
        version: expectedVersion + i + 1,
        type: e.type,
        schemaVersion: e.schemaVersion ?? 1,
        data: jsonCopy(e.data ?? null),
        metadata: jsonCopy(e.metadata ?? {}),
        recordedAt: tx.startedAt,
        position: String(++this.memory.position),
        transactionId: tx.id,
      }));
      m.events.push(...stored.map((e) => ({ ...e, data: jsonbCopy(e.data), metadata: jsonbCopy(e.metadata) })));
      tx.undo.push(() => void m.events.splice(expectedVersion));
      return { version: expectedVersion + events.length, events: stored };
    });
  }

  read(ownerId: string, matchId: string, range: { from?: number; to?: number; limit?: number } = {}): Promise<StoredEvent[]> {
    return this.run(() => {
      const m = this.owned(ownerId, matchId);
      if (!m) return [];
      const from = Math.max(1, Math.floor(range.from ?? 1));
      const to = range.to === undefined ? MAX_VERSION : Math.floor(range.to);
      const limit = range.limit === undefined ? Infinity : Math.max(0, Math.floor(range.limit));
      return m.events
        .filter((e) => e.version >= from && e.version <= to)
        .slice(0, limit)
        .map(copyEvent);
    });
  }

  readAll(ownerId: string | null, after: FeedCheckpoint | null, limit = 100): Promise<StoredEvent[]> {
    return this.run((tx) => {
      const afterTx = BigInt(after?.transactionId ?? '0');
      const afterPosition = BigInt(after?.position ?? '0');
      const open = BigInt(tx.id);
      const feed: StoredEvent[] = [];
      for (const m of this.memory.matches.values()) {
        if (ownerId !== null && m.record.ownerId !== ownerId) continue;
        for (const e of m.events) {
          const [t, p] = [BigInt(e.transactionId), BigInt(e.position)];
          // Only what committed before the oldest open transaction (here: this one) is safe to show.
          if (t >= open) continue;
          if (t > afterTx || (t === afterTx && p > afterPosition)) feed.push(e);
        }
      }
      const order = (a: StoredEvent, b: StoredEvent) => {
        const d = BigInt(a.transactionId) - BigInt(b.transactionId) || BigInt(a.position) - BigInt(b.position);
        return d < 0n ? -1 : d > 0n ? 1 : 0;
      };
      return feed.sort(order).slice(0, Math.max(0, limit)).map(copyEvent);
    });
  }

  listMatches(ownerId: string, query: MatchListQuery): Promise<MatchListEntry[]> {
    return this.run(() => {
      const listKey = (m: StoredMatch): ListKey => ({ createdAt: m.record.createdAt, id: m.record.id });
      const after = query.after;
      return [...this.memory.matches.values()]
        .filter((m) => m.record.ownerId === ownerId && (query.game === undefined || m.record.game === query.game))
        .filter((m) => !after || compareListKeys(listKey(m), after) > 0)
        .sort((a, b) => compareListKeys(listKey(a), listKey(b)))
        .slice(0, Math.max(0, Math.floor(query.limit)))
        .map((m) => ({
          ...copyMatch(m.record, m.events.length),
          updatedAt: m.events.at(-1)?.recordedAt ?? m.record.createdAt,
          key: listKey(m),
        }));
    });
  }

  async idempotent(ownerId: string, request: IdempotencyRequest, work: (store: EventStore) => Promise<StoredAnswer>): Promise<StoredAnswer & { replayed: boolean }> {
    assertStorable(['/idempotency-key', request.key]);
    return this.run(async (tx) => {
      const id = keyOf(ownerId, request.key);
      const claimed = this.memory.keys.get(id);
      if (claimed) {
        if (claimed.hash !== request.hash) {
          throw new RuleViolation('idempotency_key_reused', 'This Idempotency-Key was already used for a different request; use a new key for a new request.');
        }
        return { status: claimed.answer!.status, body: jsonbCopy(claimed.answer!.body), replayed: true };
      }
      const key: StoredKey = { hash: request.hash };
      this.memory.keys.set(id, key);
      tx.undo.push(() => this.memory.keys.delete(id));
      const answer = await work(new MemoryEventStore(this.memory, tx));
      key.answer = { status: answer.status, body: jsonbCopy(answer.body) };
      return { ...answer, replayed: false };
    });
  }

  appendTurn<T>(matchId: string, work: (store: EventStore) => Promise<T>, committed?: (result: T) => void): Promise<T> {
    return this.serialized(matchId, work, committed);
  }

  serialized<T>(_matchId: string, work: (store: EventStore) => Promise<T>, committed?: (result: T) => void): Promise<T> {
    // inside a transaction (idempotent work) the lock is already held: join it
    if (this.tx) return work(this);
    return this.run(async (tx) => {
      const result = await work(new MemoryEventStore(this.memory, tx));
      // committed, and the next turn waits for this one
      tellCommitted(committed, result);
      return result;
    });
  }
}
