/**
 * The `Database` port over a `pg.Pool`. Used for PostgreSQL and for PGlite (through its local
 * socket server), so both behave the same: one connection per transaction, rolled back on throw.
 * The pool is the process's only one: the Prisma client (../prisma/client.ts) runs on it too.
 */
import pg from 'pg';
import type { Database, SqlClient, SqlResult } from '../../app/ports.js';
import { isTransientConnectionError } from './transient.js';

export interface PoolDatabaseOptions {
  kind: Database['kind'];
  /** The owner's handle of the embedded database (Database.soleWriter). */
  soleWriter?: boolean;
  url: string;
  /** Maximum pool size (default 10; the service's is DATABASE_POOL_SIZE on PostgreSQL). */
  max?: number;
  /**
   * Longest wait for a new connection to a PostgreSQL server (default CONNECT_TIMEOUT_MS: an
   * unanswered server is an outage). Longer where many connections are opened at once on a loaded
   * machine on purpose (a race of writers).
   */
  connectTimeoutMs?: number;
  /** Run after the pool has ended (PGlite: stop the socket server and the engine). */
  afterClose?: () => Promise<void>;
}

// BIGINT/NUMERIC stay strings (exactness); COUNT(*) etc. are cast in SQL when a number is wanted.
// A multi-statement text (simple protocol, no parameters) yields one result per statement: the
// last one is returned, as psql shows it.
function toResult<T>(res: pg.QueryResult | pg.QueryResult[]): SqlResult<T> {
  if (Array.isArray(res)) res = res[res.length - 1] ?? ({ rows: [], rowCount: 0 } as unknown as pg.QueryResult);
  return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
}

/** Optional for callers of the `Database` port: a statement name makes it a prepared statement. */
export interface QueryOptions {
  name?: string;
}

/**
 * Longest wait for a new connection to the server: one that does not answer fails the request
 * within 2 s (503 + Retry-After) instead of holding it. Waiting for a free connection of a busy
 * pool is load, not an outage: that wait stays POOL_WAIT_MS.
 */
const CONNECT_TIMEOUT_MS = 1_500;
const POOL_WAIT_MS = 10_000;

/** TCP keep-alive probes start after this much silence, so a peer gone without a word (a partition) is noticed. */
const KEEP_ALIVE_DELAY_MS = 10_000;

/**
 * A pg client class whose sessions run in UTC and that gives up connecting after `timeoutMs` ("timeout
 * expired": an outage, ./transient.ts), with TCP keep-alive on.
 */
function clientGivingUpAfter(timeoutMs: number) {
  return class extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super({
        options: '-c TimeZone=UTC',
        keepAlive: true,
        keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
        ...(typeof config === 'string' ? { connectionString: config } : config),
        connectionTimeoutMillis: timeoutMs,
      });
    }
  };
}

/**
 * A pg client that gives up connecting after CONNECT_TIMEOUT_MS (pools take it as their `Client`).
 * Its session runs in UTC: `@prisma/adapter-pg` reads and writes `timestamptz` as if the session
 * were UTC (prisma/orm#26786), and the Prisma client shares these connections. (An `options`
 * parameter in the connection url wins over this one.)
 */
export const QuickConnectClient = clientGivingUpAfter(CONNECT_TIMEOUT_MS);

/**
 * The embedded engine (PGlite) runs in this process's own worker thread and serves one session at
 * a time: a connection that is not answered yet waits behind another session's statement or a
 * busy machine, not behind an outage. Its connect timeout is the pool's wait (POOL_WAIT_MS), so a
 * loaded start-up or a burst of writes is not failed after 1.5 s. Sessions run in UTC as above.
 */
const EmbeddedClient = clientGivingUpAfter(POOL_WAIT_MS);

const statement = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined): pg.QueryConfig =>
  options?.name ? { name: options.name, text, values: params } : { text, values: params };

export class PoolDatabase implements Database {
  readonly kind: Database['kind'];
  readonly url: string;
  readonly soleWriter: boolean;
  /** The process's one pool: this port's queries and the Prisma client's (`prismaFor`). */
  readonly pool: pg.Pool;
  private readonly closers: (() => Promise<void>)[] = [];
  private readonly afterClose?: () => Promise<void>;
  private closed?: Promise<void>;

  constructor(options: PoolDatabaseOptions) {
    this.kind = options.kind;
    this.url = options.url;
    this.soleWriter = options.soleWriter ?? false;
    this.afterClose = options.afterClose;
    this.pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: POOL_WAIT_MS,
      Client: options.kind === 'pglite' ? EmbeddedClient : options.connectTimeoutMs === undefined ? QuickConnectClient : clientGivingUpAfter(options.connectTimeoutMs),
    });
    // An idle client losing its connection (server restart, socket server stopped) must not crash
    // the process; the pool discards it and the next query reconnects.
    this.pool.on('error', () => {});
    // A connection checked out by anyone — this port's transactions, pool.query, the Prisma
    // adapter's transactions — that drops meanwhile emits `error` with no pool listener on it:
    // unheard, it ends the process. Every connection hears its own: the statement in flight fails
    // with the error (an outage: 503), the next one on it is refused ("not queryable": an outage
    // too), and the pool drops a broken connection when it is released.
    this.pool.on('connect', (client) => client.on('error', () => {}));
  }

  /** With `options.name`, a named prepared statement: parsed and planned once per connection. */
  async query<T = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<SqlResult<T>> {
    return toResult<T>(await this.pool.query(statement(text, params, options)));
  }

  /**
   * One pooled connection for `fn`, between BEGIN and COMMIT (ROLLBACK when it throws). While it is
   * checked out the pool does not listen to its errors: the connection dropping meanwhile (the
   * server terminated the backend, restarted, the network broke) emits an `error` event that would
   * end the process unheard. It is heard here: the transaction fails with the connection's error (an
   * outage, ./transient.ts: 503 + Retry-After on the served database), no ROLLBACK is tried on it,
   * and the connection is destroyed on release; the pool opens a new one for the next caller.
   */
  async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let lost: Error | undefined;
    const onError = (error: Error) => {
      lost ??= error;
    };
    client.on('error', onError);
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const tx: SqlClient = {
        query: async <R = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions) => toResult<R>(await client.query(statement(text, params, options))),
      };
      const result = await fn(tx);
      await client.query('COMMIT'); // answered: committed, whatever happens to the connection afterwards
      return result;
    } catch (error) {
      if (!lost) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError as Error;
        }
      }
      // the connection broke under `fn`, which threw something else on the way (a failed read taken
      // for "not found"): the outage is the answer, not what `fn` made of it
      if (lost && !isTransientConnectionError(error)) throw Object.assign(lost, { cause: error });
      throw error;
    } finally {
      client.removeListener('error', onError);
      // A client whose connection broke, or whose rollback failed, is in an unknown state: destroy it instead of reusing it.
      client.release(lost ?? broken);
    }
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /** Registers cleanup (e.g. a Prisma client on `url`) that must run before the pool ends. */
  onClose(fn: () => Promise<void>): void {
    if (this.closed)
      void fn().catch(() => {}); // already closed: release at once
    else this.closers.push(fn);
  }

  close(): Promise<void> {
    this.closed ??= (async () => {
      for (const fn of this.closers.splice(0).reverse()) {
        try {
          await fn();
        } catch {
          // keep closing the rest
        }
      }
      await this.pool.end();
      await this.afterClose?.();
    })();
    return this.closed;
  }
}

/** Runs `fn` when `database` closes, if it supports close hooks (the infra implementations do). */
export function onDatabaseClose(database: Database, fn: () => Promise<void>): boolean {
  const hooks = database as Database & { onClose?: (fn: () => Promise<void>) => void };
  if (typeof hooks.onClose !== 'function') return false;
  hooks.onClose(fn);
  return true;
}

/**
 * The `PoolDatabase` under `database`: itself, or the one a wrapper runs on (`ConnectingDatabase`,
 * a test's loan) when it says so through `poolDatabase()`; undefined for any other `Database`.
 */
export function poolDatabaseOf(database: Database): PoolDatabase | undefined {
  if (database instanceof PoolDatabase) return database;
  const wrapper = database as Database & { poolDatabase?: () => PoolDatabase | undefined };
  return typeof wrapper.poolDatabase === 'function' ? wrapper.poolDatabase() : undefined;
}

/**
 * Runs an operation of another client of `database`'s server (the Prisma client) as `database` runs
 * its own, if it keeps an outage state (the served database, `ConnectingDatabase.serve`: refused
 * before it is ready, a connection failure is `DatabaseUnavailable`, and the outage state and its
 * log lines follow); otherwise as it is.
 */
export function serveOn<T>(database: Database, operation: () => Promise<T>): Promise<T> {
  const served = database as Database & { serve?: <R>(operation: () => Promise<R>) => Promise<R> };
  return typeof served.serve === 'function' ? served.serve(operation) : operation();
}
