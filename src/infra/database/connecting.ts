/**
 * PostgreSQL that may not accept connections yet (server down, starting, "too many connections"):
 * the process starts anyway. `ConnectingDatabase` retries with capped backoff (0.25 s doubling to
 * 5 s) in the background and migrates once the server answers. Until then `ping` rejects with
 * `unavailable` (so `/ready` is 503 with `checks.database: "unavailable"`) and queries throw
 * `DatabaseUnavailable` (statusCode 503 + retryAfter: a 503 problem, never a 500).
 * An error that retrying cannot cure (authentication, missing database, a bad migration) rejects
 * `ready`, and the server exits as it did before.
 */
import type { Database, SqlClient, SqlResult } from '../../app/ports.js';
import { migrate, type MigrateOptions } from '../migrator.js';
import { PoolDatabase } from './pool.js';

export class DatabaseUnavailable extends Error {
  readonly statusCode = 503;
  readonly retryAfter = 5;
  constructor(message = 'The database is not reachable yet; retry later.') {
    super(message);
    this.name = 'DatabaseUnavailable';
  }
}

// Connection-level failures: node socket errors, pg's connect timeout and lost connections,
// SQLSTATE class 08 (connection exception), 53300 too_many_connections, 57P01-57P03 (shutting
// down, starting up).
const TRANSIENT_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'EPIPE', 'ENOENT']);
const TRANSIENT_SQLSTATE = new Set(['53300', '57P01', '57P02', '57P03']);

/** True for errors that mean "the server cannot take this connection now" rather than "wrong". */
export function isTransientConnectionError(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; errors?: unknown[] } | undefined;
  if (!e) return false;
  if (Array.isArray(e.errors) && e.errors.some(isTransientConnectionError)) return true; // AggregateError (IPv4 + IPv6)
  const code = typeof e.code === 'string' ? e.code : '';
  if (TRANSIENT_ERRNO.has(code) || TRANSIENT_SQLSTATE.has(code) || code.startsWith('08')) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Connection ended/i.test(message);
}

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

  constructor(
    private readonly inner: PoolDatabase,
    private readonly options: ConnectingOptions = {},
  ) {
    this.kind = inner.kind;
    this.url = inner.url;
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

  async query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<SqlResult<T>> {
    this.gate();
    return this.inner.query<T>(text, params);
  }

  async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    this.gate();
    return this.inner.transaction(fn);
  }

  async ping(): Promise<void> {
    if (this.state !== 'ready') throw new Error(this.state === 'closed' ? 'closed' : this.state);
    await this.inner.ping();
  }

  /** Cleanup (Prisma clients on `url`) run before the pool ends, as `PoolDatabase.onClose`. */
  onClose(fn: () => Promise<void>): void {
    this.inner.onClose(fn);
  }

  async close(): Promise<void> {
    this.state = 'closed';
    this.wake?.();
    await this.inner.close();
  }
}
