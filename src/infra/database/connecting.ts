/**
 * PostgreSQL that may not accept connections yet (server down, starting, "too many connections"):
 * the process starts anyway. `ConnectingDatabase` retries with capped backoff (0.25 s doubling to
 * 5 s) in the background and migrates once the server answers. Until then `ping` rejects with
 * `unavailable` (so `/ready` is 503 with `checks.database: "unavailable"`) and queries throw
 * `DatabaseUnavailable` (statusCode 503 + retryAfter: a 503 problem, never a 500).
 * An error that retrying cannot cure (authentication, missing database, a bad migration) rejects
 * `ready`, and the server exits as it did before.
 *
 * Once ready, a connection refused, reset, dropped or timed out (the server restarted, 57P01 admin
 * shutdown, SQLSTATE class 08, pg's "timeout expired": ./transient.ts) fails that operation with
 * `DatabaseUnavailable` too, and the outage is logged
 * on state change (./outage.ts): "database unavailable" once, "database available again" once.
 */
import type { Database, SqlClient, SqlResult } from '../../app/ports.js';
import { migrate, type MigrateOptions } from '../migrator.js';
import { OutageMonitor } from '../outage.js';
import { poolDatabaseOf, type PoolDatabase } from './pool.js';
import { isTransientConnectionError, retryOutage } from './transient.js';

export class DatabaseUnavailable extends Error {
  readonly statusCode = 503;
  readonly retryAfter = 5;
  constructor(message = 'The database is not reachable yet; retry later.', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailable';
  }
}

// Connection-level failures (refused, reset, dropped, timed out): ./transient.ts.
export { isTransientConnectionError };

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
  readonly soleWriter?: boolean;
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
    this.soleWriter = inner.soleWriter;
    this.outage = new OutageMonitor('database', options.log);
    this.ready = this.connect();
    this.ready.catch(() => undefined); // observed by the caller; never an unhandled rejection here
  }

  /**
   * Pings and migrates until both succeed: an outage (refused, dropped, timed out: ./transient.ts)
   * is retried with capped back-off and logged (the first failure, then every 30 s); anything else
   * rejects `ready`.
   */
  private async connect(): Promise<void> {
    const { minDelayMs = 250, maxDelayMs = 5000, log } = this.options;
    const closed = () => (this.isClosed() ? new DatabaseUnavailable('The database was closed while starting.') : undefined);
    await retryOutage(
      async () => {
        try {
          await this.inner.ping();
          if (!this.isClosed()) this.state = 'migrating';
          await migrate(this.inner, this.options.migrations);
        } catch (error) {
          if (!this.isClosed()) this.state = 'unavailable';
          throw error;
        }
      },
      { minDelayMs, maxDelayMs, log, what: 'database', stopped: closed, onPause: (wake) => (this.wake = wake) },
    );
    const stop = closed();
    if (stop) throw stop;
    this.state = 'ready';
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
