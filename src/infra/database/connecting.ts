/**
 * PostgreSQL that may not accept connections yet (server down, starting, "too many connections"):
 * the process starts anyway. `ConnectingDatabase` retries with capped backoff (0.25 s doubling to
 * 5 s) in the background and migrates once the server answers. Until then `ping` rejects with
 * `unavailable` (so `/ready` is 503 with `checks.database: "unavailable"`) and queries throw
 * `DatabaseUnavailable` (statusCode 503 + retryAfter: a 503 problem, never a 500).
 * An error that retrying cannot cure (authentication, missing database, a bad migration) rejects
 * `ready`, and the server exits as it did before.
 *
 * Once ready, a connection refused, reset or timed out (the server restarted, 57P01 admin shutdown,
 * SQLSTATE class 08) fails that operation with `DatabaseUnavailable` too, and the outage is logged
 * on state change (./outage.ts): "database unavailable" once, "database available again" once.
 */
import type { Database, SqlClient, SqlResult } from '../../app/ports.js';
import { migrate, type MigrateOptions } from '../migrator.js';
import { OutageMonitor } from '../outage.js';
import { poolDatabaseOf, type PoolDatabase } from './pool.js';

export class DatabaseUnavailable extends Error {
  readonly statusCode = 503;
  readonly retryAfter = 5;
  constructor(message = 'The database is not reachable yet; retry later.', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailable';
  }
}

// Connection-level failures: node socket errors, pg's connect timeout and lost connections,
// SQLSTATE class 08 (connection exception), 53300 too_many_connections, 57P01-57P03 (shutting
// down, starting up); from the Prisma client (src/infra/prisma), its codes and driver-adapter kinds
// for the same. src/transport/problem.ts maps the same errors to 503.
const TRANSIENT_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'EPIPE', 'ENOENT']);
const TRANSIENT_SQLSTATE = new Set(['53300', '57P01', '57P02', '57P03']);
const TRANSIENT_PRISMA = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const TRANSIENT_ADAPTER_KIND = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);

/** True for errors that mean "the server cannot take this connection now" rather than "wrong". */
export function isTransientConnectionError(error: unknown, depth = 0): boolean {
  const e = error as { code?: unknown; message?: unknown; errors?: unknown[]; kind?: unknown; cause?: unknown; meta?: { driverAdapterError?: { cause?: unknown } } } | undefined;
  if (!e || typeof e !== 'object' || depth > 4) return false;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isTransientConnectionError(inner, depth + 1))) return true; // AggregateError (IPv4 + IPv6)
  const code = typeof e.code === 'string' ? e.code : '';
  if (TRANSIENT_ERRNO.has(code) || TRANSIENT_SQLSTATE.has(code) || TRANSIENT_PRISMA.has(code) || code.startsWith('08')) return true;
  if (typeof e.kind === 'string' && TRANSIENT_ADAPTER_KIND.has(e.kind)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (/Connection terminated|timeout exceeded when trying to connect|Connection ended/i.test(message)) return true;
  return isTransientConnectionError(e.cause, depth + 1) || isTransientConnectionError(e.meta?.driverAdapterError?.cause, depth + 1);
}

/** What `ConnectingDatabase` wraps: a pool (`PoolDatabase`), with its close hooks when it has them. */
export type ConnectingInner = Database & { onClose?(fn: () => Promise<void>): void };

export interface ConnectingOptions {
  migrations?: MigrateOptions;
  /** Backoff bounds in ms (default 250 → 5000). */
  minDelayMs?: number;
  maxDelayMs?: number;
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
}

export class ConnectingDatabase implements Database {
  readonly kind: Database['kind'];
  readonly url: string;
  /** Resolves once the database answers and is migrated; rejects on an error retrying cannot cure. */
  readonly ready: Promise<void>;
  private state: 'unavailable' | 'migrating' | 'ready' | 'closed' = 'unavailable';
  private wake?: () => void;
  /** Once ready: "database unavailable" / "database available again", once per outage. */
  private readonly outage: OutageMonitor;
  /** An operation is trying the server during an outage. */
  private probing = false;

  constructor(
    private readonly inner: ConnectingInner,
    private readonly options: ConnectingOptions = {},
  ) {
    this.kind = inner.kind;
    this.url = inner.url;
    this.outage = new OutageMonitor('database', options.log);
    this.ready = this.connect();
    this.ready.catch(() => undefined); // observed by the caller; never an unhandled rejection here
  }

  private async connect(): Promise<void> {
    const { minDelayMs = 250, maxDelayMs = 5000, log } = this.options;
    let delay = minDelayMs;
    let lastReport = 0;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.inner.ping();
        this.state = 'migrating';
        await migrate(this.inner, this.options.migrations);
        if (this.isClosed()) throw new DatabaseUnavailable('The database was closed while starting.');
        this.state = 'ready';
        if (attempt > 1) log?.info({ attempts: attempt }, 'database reachable');
        return;
      } catch (error) {
        if (this.isClosed()) throw new DatabaseUnavailable('The database was closed while starting.');
        this.state = 'unavailable';
        if (!isTransientConnectionError(error)) throw error;
        // report the first failure, then at most every 30 s
        if (Date.now() - lastReport >= 30_000) {
          lastReport = Date.now();
          log?.warn({ err: error, attempt, retryInMs: delay }, 'database unavailable: retrying');
        }
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        this.wake = () => (clearTimeout(timer), resolve());
      });
      if (this.isClosed()) throw new DatabaseUnavailable('The database was closed while starting.');
      delay = Math.min(maxDelayMs, delay * 2);
    }
  }

  private isClosed(): boolean {
    return this.state === 'closed';
  }

  private gate(): void {
    if (this.state !== 'ready') throw new DatabaseUnavailable();
  }

  /**
   * Runs an operation of the ready database: a connection failure is `DatabaseUnavailable`, and the
   * outage state follows. During an outage one operation at a time tries the server (the others
   * fail at once), so none waits behind another's connection attempt; its success ends the outage.
   * The Prisma client on this database runs its operations through it too (`serveOn`, ./pool.ts).
   */
  async serve<T>(operation: () => Promise<T>): Promise<T> {
    this.gate();
    const probe = this.outage.down;
    if (probe && this.probing) throw new DatabaseUnavailable('The database is not answering; retry later.');
    if (probe) this.probing = true;
    try {
      const result = await operation();
      this.outage.answered();
      return result;
    } catch (error) {
      if (!isTransientConnectionError(error)) {
        this.outage.answered(); // an SQL error (or the caller's own) is an answer
        throw error;
      }
      this.outage.failed(error);
      throw new DatabaseUnavailable('The database is not answering; retry later.', { cause: error });
    } finally {
      if (probe) this.probing = false;
    }
  }

  /**
   * How an operation of another client of this server went, so its failures and successes count
   * for the outage state too (`error` absent: it answered). `ping` reports through it.
   */
  observe(error?: unknown): void {
    if (this.state !== 'ready') return;
    if (error !== undefined && isTransientConnectionError(error)) this.outage.failed(error);
    else this.outage.answered();
  }

  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<SqlResult<T>> {
    return this.serve(() => this.inner.query<T>(text, params));
  }

  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    return this.serve(() => this.inner.transaction(fn));
  }

  async ping(): Promise<void> {
    if (this.state !== 'ready') throw new Error(this.state === 'closed' ? 'closed' : this.state);
    try {
      await this.inner.ping();
    } catch (error) {
      this.observe(error);
      throw error;
    }
    this.outage.answered();
  }

  /** The pool the wrapped database runs on, which the Prisma client shares (`poolDatabaseOf`). */
  poolDatabase(): PoolDatabase | undefined {
    return poolDatabaseOf(this.inner);
  }

  /** Cleanup (Prisma clients on `url`) run before the pool ends, as `PoolDatabase.onClose`. */
  onClose(fn: () => Promise<void>): void {
    if (this.inner.onClose) this.inner.onClose(fn);
  }

  async close(): Promise<void> {
    this.state = 'closed';
    this.wake?.();
    await this.inner.close();
  }
}
