/**
 * The event store over the `Database` port (PostgreSQL or PGlite), see
 * prisma/migrations/20261125000100_event_store/migration.sql for the tables and the ordering trick.
 *
 * - Optimistic concurrency is enforced by the database, in one INSERT (one round trip, one row
 *   write per event): it inserts versions expected+1 … only if the match belongs to the owner and
 *   version `expected` exists (or expected = 0); the (match_id, version) primary key refuses a
 *   version another writer holds (racers wait on its index entry, then get a unique violation).
 *   There is no version column on `matches`: a match's version is max(match_events.version).
 *   Nothing is read in Node and then written.
 * - Versions are expected+1 … expected+n, so the log is 1..n without gaps.
 * - Idempotency keys live in the same transaction as the append they answer for. Inside that
 *   transaction an append runs under a savepoint: a refused version (unique violation) would
 *   otherwise abort the whole transaction, and the follow-up query that reads the current version
 *   for the 409 would fail (SQLSTATE 25P02) → 500. Rolled back to the savepoint, the transaction
 *   stays usable: the 409 carries `currentVersion`, a command without expectedVersion can decide
 *   again, and the work's VersionConflict then rolls back the key's claim, so nothing is stored
 *   for the key (a retry with the same key is a new attempt: the same body answers 409 again while
 *   the stream is elsewhere, a corrected expectedVersion succeeds).
 * - One match at a time (`serialized`, what a command's read → decide → append runs in): a
 *   transaction that first takes `pg_advisory_xact_lock(hashtext('match:' || id))` (on PGlite the open
 *   transaction already excludes every other: no lock is taken), so concurrent
 *   commands on one match — from any process on the same database — wait for each other instead of
 *   colliding on the version and deciding again (a probe saw 182 duplicate-key conflicts per 1,259
 *   commands, and 409s after 8 retries). Within a process the turns queue first (./match-queue.ts):
 *   one pooled connection per contested match, not one per waiting request. Inside a transaction
 *   (idempotent work) only the lock is taken: that transaction already holds its connection, and
 *   waiting in the process queue there could wait for a turn that waits for a connection (or, on
 *   PGlite, for the session this transaction holds). The lock is released at COMMIT/ROLLBACK;
 *   unrelated matches whose ids hash alike merely take turns. `appendTurn` (a turn whose only write
 *   is its last step, one append: a match command) opens no transaction on PGlite written only
 *   through this handle: the process queue is the turn, and the append commits alone.
 * - Text PostgreSQL cannot store (NUL, unpaired surrogates) is refused up front (./storable.ts).
 * - On PostgreSQL every statement is a named prepared statement (parsed and planned once per
 *   connection) and each append's text is built once per batch size: appends run at ~0.9× raw
 *   INSERTs of the same rows (bench/appends.bench.ts).
 * - Why hand-written SQL here, while the plain stores use the Prisma client on the same pool
 *   (src/infra/prisma/README.md): Prisma can express neither the conditional multi-row INSERT of
 *   the append, nor the feed's `xid8` order (`pg_snapshot_xmin`), nor the listings' microsecond
 *   page keys, nor savepoints inside a transaction the idempotency key shares with the append.
 */
import type { Database, SqlClient, SqlResult } from '../../app/ports.js';
import type {
  AppendResult,
  EventStore,
  FeedCheckpoint,
  IdempotencyRequest,
  MatchListEntry,
  MatchListQuery,
  MatchRecord,
  NewEvent,
  Player,
  StoredAnswer,
  StoredEvent,
} from '../../app/matches/ports.js';
import { tellCommitted } from '../../app/matches/ports.js';
import { VersionConflict } from '../../app/matches/errors.js';
import { NotFound, RuleViolation } from '../../kernel/errors.js';
import { assertStorable, eventParts, matchParts } from './storable.js';
import { MatchQueue } from './match-queue.js';
import { memoOf, type OnlyWriterMemo } from '../only-writer-memo.js';
import { E_COLUMNS, LIST_MATCHES, LIST_MATCHES_AFTER, appendStatement, iso, toEvent, toMatch, type AppendedRow, type EventRow, type MatchListRow, type MatchRow } from './sql.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `query` may take a statement name (the `Database` port over `pg` does, src/infra/database/pool.ts):
 * the server then parses and plans the text once per connection.
 */
type Query = <T = Record<string, unknown>>(text: string, params?: unknown[], options?: { name?: string }) => Promise<SqlResult<T>>;

interface TxRunner {
  query: Query;
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
}

export interface SqlEventStoreOptions {
  /**
   * Named prepared statements (PostgreSQL). Not on PGlite: it is one backend session behind its
   * socket server, so a name prepared by one pooled connection would clash on the next one.
   */
  prepared?: boolean;
  /**
   * A transaction already excludes every other (PGlite: one backend session, whose socket server
   * runs only the open transaction's connection until it ends), so `serialized` takes no advisory
   * lock and an append inside a transaction needs no savepoint.
   */
  exclusiveTransactions?: boolean;
  /**
   * Every write of the database goes through this store's handle (Database.soleWriter: the embedded
   * database's owner). With `exclusiveTransactions`, an `appendTurn` then opens no transaction.
   */
  soleWriter?: boolean;
}

/** The match turns of each database handle: two stores over one handle (two apps in one process) queue together. */
const turnQueues = new WeakMap<object, MatchQueue>();
function turnsOver(db: object): MatchQueue {
  let queue = turnQueues.get(db);
  if (!queue) turnQueues.set(db, (queue = new MatchQueue()));
  return queue;
}

/** PostgreSQL unique violation (a version taken by another writer). */
const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

export class SqlEventStore implements EventStore {
  /** `inTransaction`: every statement runs inside one open transaction (the idempotent work's). */
  constructor(
    private readonly db: TxRunner,
    private readonly inTransaction = false,
    private readonly options: SqlEventStoreOptions = {},
    /**
     * Seats' generations kept in memory where this process is the database's only writer
     * (Database.soleWriter, ../only-writer-memo.ts): read once per match until it raises one.
     * Shared with the stores of its transactions, which read around it.
     */
    private readonly seats?: OnlyWriterMemo<Record<string, number>>,
    /** In a transaction's store: what runs when that transaction has ended (a kept generation forgotten). */
    private readonly onEnd: (() => void)[] = [],
  ) {
    this.turns = turnsOver(db);
  }

  /** `work` on a store of one transaction; what it asked to run at the end runs once it has committed or rolled back. */
  private async inTransactionOf<T>(work: (inner: SqlEventStore) => Promise<T>): Promise<T> {
    const onEnd: (() => void)[] = [];
    try {
      return await this.db.transaction((tx) => work(new SqlEventStore({ query: tx.query.bind(tx), transaction: (fn) => fn(tx) }, true, this.options, this.seats, onEnd)));
    } finally {
      for (const end of onEnd) end();
    }
  }

  /** This process's turns per match (`serialized` outside a transaction), shared by every store over the same database handle. */
  private readonly turns: MatchQueue;

  /** The store over `database`; on PostgreSQL with prepared statements, on PGlite without advisory locks. */
  static over(database: Database): SqlEventStore {
    const pglite = database.kind === 'pglite';
    return new SqlEventStore(database, false, { prepared: !pglite, exclusiveTransactions: pglite, soleWriter: database.soleWriter }, memoOf(database, 'seats'));
  }

  /** `text` under the statement `name` when statements are prepared, else parsed each time. */
  private run<T>(name: string | undefined, text: string, params: unknown[]): Promise<SqlResult<T>> {
    return this.options.prepared && name ? this.db.query<T>(text, params, { name }) : this.db.query<T>(text, params);
  }

  async createMatch(input: { id: string; ownerId: string; game: string; players: Player[]; options: Record<string, unknown> }): Promise<MatchRecord> {
    assertStorable(...matchParts(input));
    const { rows } = await this.run<MatchRow>(
      'arbiter_create_match',
      `INSERT INTO matches (id, owner_id, game, players, options) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)
       RETURNING id::text AS id, owner_id, game, players, options, 0 AS version, created_at`,
      [input.id, input.ownerId, input.game, JSON.stringify(input.players), JSON.stringify(input.options)],
    );
    return toMatch(rows[0]!);
  }

  async getMatch(ownerId: string, id: string): Promise<MatchRecord | undefined> {
    if (!UUID.test(id)) return undefined;
    const { rows } = await this.run<MatchRow>(
      'arbiter_get_match',
      `SELECT m.id::text AS id, m.owner_id, m.game, m.players, m.options, m.created_at,
              COALESCE((SELECT e.version FROM match_events e WHERE e.match_id = m.id ORDER BY e.version DESC LIMIT 1), 0) AS version
         FROM matches m WHERE m.id = $1 AND m.owner_id = $2`,
      [id, ownerId],
    );
    return rows[0] ? toMatch(rows[0]) : undefined;
  }

  async seatGenerations(ownerId: string, matchId: string): Promise<Record<string, number> | undefined> {
    if (!UUID.test(matchId)) return undefined;
    const read = async () => {
      const { rows } = await this.run<{ seats: Record<string, number> }>('arbiter_match_seats', `SELECT seats FROM matches WHERE id = $1 AND owner_id = $2`, [matchId, ownerId]);
      return rows[0]?.seats;
    };
    // inside a transaction what is read may not be committed yet: never kept
    const seats = this.seats && !this.inTransaction ? await this.seats.read(`${ownerId}\n${matchId.toLowerCase()}`, read) : await read();
    return seats && { ...seats };
  }

  async revokeSeat(ownerId: string, matchId: string, playerId: string): Promise<number> {
    if (!UUID.test(matchId)) throw new NotFound(`No match ${matchId}.`);
    if (!this.seats) return this.raiseSeat(ownerId, matchId, playerId);
    // in a transaction the write ends when it commits (or rolls back): nothing kept until then
    if (this.inTransaction) {
      this.onEnd.push(this.seats.begin());
      return this.raiseSeat(ownerId, matchId, playerId);
    }
    return this.seats.write(() => this.raiseSeat(ownerId, matchId, playerId));
  }

  private async raiseSeat(ownerId: string, matchId: string, playerId: string): Promise<number> {
    const { rows } = await this.run<{ generation: number }>(
      'arbiter_revoke_seat',
      `UPDATE matches SET seats = jsonb_set(seats, ARRAY[$3::text], to_jsonb(COALESCE((seats ->> $3::text)::int, 0) + 1))
        WHERE id = $1 AND owner_id = $2
        RETURNING (seats ->> $3::text)::int AS generation`,
      [matchId, ownerId, playerId],
    );
    if (!rows[0]) throw new NotFound(`No match ${matchId}.`);
    return Number(rows[0].generation);
  }

  async append(ownerId: string, matchId: string, expectedVersion: number, events: NewEvent[]): Promise<AppendResult> {
    if (!UUID.test(matchId)) throw new NotFound(`No match ${matchId}.`);
    assertStorable(...eventParts(events));
    if (!Number.isInteger(expectedVersion) || expectedVersion < 0) throw new VersionConflict(expectedVersion, await this.currentVersion(ownerId, matchId));
    if (events.length === 0) {
      // Nothing to write: the answer is the check alone.
      const current = await this.currentVersion(ownerId, matchId);
      if (current !== expectedVersion) throw new VersionConflict(expectedVersion, current);
      return { version: expectedVersion, events: [] };
    }
    const id = matchId.toLowerCase(); // as PostgreSQL prints a uuid
    const version = expectedVersion + events.length;
    const statement = appendStatement(events.length);
    // data/metadata as JSON text: sent as parameters, and parsed back below for the answer.
    const payloads = events.map((e) => [JSON.stringify(e.data ?? null) ?? 'null', JSON.stringify(e.metadata ?? {}) ?? '{}'] as const);
    const params: unknown[] = [matchId, ownerId, expectedVersion];
    if (statement.inline) {
      events.forEach((e, i) => params.push(expectedVersion + i + 1, e.type, e.schemaVersion ?? 1, payloads[i]![0], payloads[i]![1]));
    } else {
      params.push(
        JSON.stringify(
          events.map((e, i) => ({ version: expectedVersion + i + 1, type: e.type, schema_version: e.schemaVersion ?? 1, data: e.data ?? null, metadata: e.metadata ?? {} })),
        ),
      );
    }
    let rows: AppendedRow[];
    // Inside a transaction a refused INSERT must not abort it (see the module comment). The
    // savepoint is not released after a success: COMMIT releases it, one round trip fewer. Where a
    // transaction excludes every other (PGlite) no other writer can take a version meanwhile, so
    // nothing can refuse the INSERT and no savepoint is needed.
    const savepoint = this.inTransaction && !this.options.exclusiveTransactions;
    if (savepoint) await this.db.query('SAVEPOINT event_store_append');
    try {
      ({ rows } = await this.run<AppendedRow>(statement.name, statement.text, params));
    } catch (error) {
      if (savepoint) await this.db.query('ROLLBACK TO SAVEPOINT event_store_append');
      // The primary key refused a version someone else holds: the stream has moved on.
      if (isUniqueViolation(error)) throw new VersionConflict(expectedVersion, await this.currentVersion(ownerId, matchId));
      throw error;
    }
    if (rows.length === 0) {
      // Nothing written: either the stream is elsewhere (no version `expected`), or it is not this owner's.
      throw new VersionConflict(expectedVersion, await this.currentVersion(ownerId, matchId));
    }
    if (rows.length !== events.length) throw new Error(`append wrote ${rows.length} of ${events.length} events`);
    // data/metadata exactly as a JSON round trip gives them back (what a later read returns),
    // without asking the database to send them back.
    const stored = new Array<StoredEvent>(events.length);
    for (const row of rows) {
      const i = Number(row.version) - expectedVersion - 1;
      const e = events[i]!;
      stored[i] = {
        matchId: id,
        version: expectedVersion + i + 1,
        type: e.type,
        schemaVersion: e.schemaVersion ?? 1,
        data: JSON.parse(payloads[i]![0]) as unknown,
        metadata: JSON.parse(payloads[i]![1]) as Record<string, unknown>,
        recordedAt: iso(row.recorded_at),
        position: String(row.position),
        transactionId: String(row.transaction_id),
      };
    }
    return { version, events: stored };
  }

  private async currentVersion(ownerId: string, matchId: string): Promise<number> {
    const m = await this.getMatch(ownerId, matchId);
    if (!m) throw new NotFound(`No match ${matchId}.`);
    return m.version;
  }

  async read(ownerId: string, matchId: string, range: { from?: number; to?: number; limit?: number } = {}): Promise<StoredEvent[]> {
    if (!UUID.test(matchId)) return [];
    const from = Math.max(1, Math.floor(range.from ?? 1));
    const to = range.to === undefined ? 2_147_483_647 : Math.floor(range.to);
    const limit = range.limit === undefined ? null : Math.max(0, Math.floor(range.limit));
    const { rows } = await this.run<EventRow>(
      'arbiter_read_events',
      `SELECT ${E_COLUMNS}
         FROM match_events e JOIN matches m ON m.id = e.match_id
        WHERE e.match_id = $1 AND m.owner_id = $2 AND e.version >= $3 AND e.version <= $4
        ORDER BY e.version
        LIMIT $5`,
      [matchId, ownerId, from, to, limit],
    );
    return rows.map(toEvent);
  }

  async readAll(ownerId: string | null, after: FeedCheckpoint | null, limit = 100): Promise<StoredEvent[]> {
    const { rows } = await this.run<EventRow>(
      'arbiter_read_all',
      `SELECT ${E_COLUMNS}
         FROM match_events e JOIN matches m ON m.id = e.match_id
        WHERE ($1::text IS NULL OR m.owner_id = $1::text)
          AND (e.transaction_id, e.position) > ($2::text::xid8, $3::bigint)
          AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY e.transaction_id, e.position
        LIMIT $4`,
      [ownerId, after?.transactionId ?? '0', after?.position ?? '0', limit],
    );
    return rows.map(toEvent);
  }

  async listMatches(ownerId: string, query: MatchListQuery): Promise<MatchListEntry[]> {
    const params: unknown[] = [ownerId, query.game ?? null, Math.max(0, Math.floor(query.limit))];
    if (query.after) params.push(query.after.createdAt, query.after.id);
    const { rows } = await this.run<MatchListRow>(query.after ? 'arbiter_list_matches_after' : 'arbiter_list_matches', query.after ? LIST_MATCHES_AFTER : LIST_MATCHES, params);
    return rows.map((row) => ({ ...toMatch(row), updatedAt: iso(row.updated_at), key: { createdAt: row.created_key, id: row.id } }));
  }

  async idempotent(ownerId: string, request: IdempotencyRequest, work: (store: EventStore) => Promise<StoredAnswer>): Promise<StoredAnswer & { replayed: boolean }> {
    assertStorable(['/idempotency-key', request.key]);
    return this.inTransactionOf(async (inner) => {
      // Claim the key; a concurrent claimer of the same key waits here until we commit or roll back.
      const claimed = await inner.db.query(`INSERT INTO idempotency_keys (owner_id, key, request_hash) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`, [
        ownerId,
        request.key,
        request.hash,
      ]);
      if (claimed.rowCount === 0) {
        const { rows } = await inner.db.query<{ request_hash: string; status: number; response: unknown }>(
          `SELECT request_hash, status, response FROM idempotency_keys WHERE owner_id = $1 AND key = $2`,
          [ownerId, request.key],
        );
        const row = rows[0]!;
        if (row.request_hash !== request.hash) {
          throw new RuleViolation('idempotency_key_reused', 'This Idempotency-Key was already used for a different request; use a new key for a new request.');
        }
        return { status: Number(row.status), body: row.response, replayed: true };
      }
      const answer = await work(inner);
      await inner.db.query(`UPDATE idempotency_keys SET status = $3, response = $4::jsonb WHERE owner_id = $1 AND key = $2`, [
        ownerId,
        request.key,
        answer.status,
        JSON.stringify(answer.body),
      ]);
      return { ...answer, replayed: false };
    });
  }

  async serialized<T>(matchId: string, work: (store: EventStore) => Promise<T>, committed?: (result: T) => void): Promise<T> {
    // as PostgreSQL prints a uuid: one match, one lock, however the client spelled its id
    const key = matchId.toLowerCase();
    if (this.inTransaction) {
      await this.lockMatch(key);
      return work(this);
    }
    return this.turn(
      key,
      () =>
        this.inTransactionOf(async (inner) => {
          await inner.lockMatch(key);
          return work(inner);
        }),
      committed,
    );
  }

  async appendTurn<T>(matchId: string, work: (store: EventStore) => Promise<T>, committed?: (result: T) => void): Promise<T> {
    if (this.inTransaction || !this.options.exclusiveTransactions || !this.options.soleWriter) return this.serialized(matchId, work, committed);
    // PGlite, written only through this handle: its turns on the match queue here, and the work's one
    // append, a statement of its own, commits alone; a writer not queued here (client events) is
    // refused by the append's version check
    return this.turn(matchId.toLowerCase(), () => work(this), committed);
  }

  /** This process's turn on match `key`: `run` (committed when it returns), then `committed`, before the match's next turn here starts (other processes' may have). */
  private turn<T>(key: string, run: () => Promise<T>, committed: ((result: T) => void) | undefined): Promise<T> {
    return this.turns.run(key, async () => {
      const result = await run();
      tellCommitted(committed, result);
      return result;
    });
  }

  /** Waits for, then holds until this transaction ends, the match's advisory lock. */
  private async lockMatch(key: string): Promise<void> {
    if (this.options.exclusiveTransactions) return;
    await this.run('arbiter_lock_match', `SELECT pg_advisory_xact_lock(hashtext('match:' || $1::text))::text AS locked`, [key]);
  }
}
