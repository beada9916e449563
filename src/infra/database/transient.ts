/**
 * Which database errors are an outage ("the server cannot take or answer this connection now")
 * rather than a wrong request: a refused, reset, dropped or timed-out connection. Used by the served
 * database (./connecting.ts: retried at start-up, `DatabaseUnavailable` while serving), the pool's
 * transactions (./pool.ts) and the embedded start-up (./index.ts). src/transport/problem.ts
 * recognises the same errors by the same shapes (it may not import src/infra): keep both in step.
 */

// Node socket errnos (ENOENT: a Unix socket not there yet)
const TRANSIENT_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND', 'EPIPE', 'ENOENT']);
// 53300 too_many_connections, 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now); class 08 below
const TRANSIENT_SQLSTATE = new Set(['53300', '57P01', '57P02', '57P03']);
// the Prisma client's codes and driver-adapter kinds for the same (src/infra/prisma)
const TRANSIENT_PRISMA = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const TRANSIENT_ADAPTER_KIND = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/**
 * pg's errors without a code: a connection lost ("Connection terminated unexpectedly"), a new
 * connection not answered within its connect timeout ("timeout expired", pg's client; "Connection
 * terminated due to connection timeout", pg-pool), no pooled connection free in time ("timeout
 * exceeded when trying to connect"), a read timeout ("Query read timeout"), and a client used after
 * its connection broke ("Client has encountered a connection error and is not queryable"). The
 * Prisma client passes them through with the same message.
 */
const TRANSIENT_MESSAGE = /Connection terminated|Connection ended|timeout expired|timeout exceeded when trying to connect|Query read timeout|is not queryable/i;

/** True for errors that mean "the server cannot take this connection now" rather than "wrong". */
export function isTransientConnectionError(error: unknown, depth = 0): boolean {
  const e = error as { code?: unknown; message?: unknown; errors?: unknown[]; kind?: unknown; cause?: unknown; meta?: { driverAdapterError?: { cause?: unknown } } } | undefined;
  if (!e || typeof e !== 'object' || depth > 4) return false;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isTransientConnectionError(inner, depth + 1))) return true; // AggregateError (IPv4 + IPv6)
  const code = typeof e.code === 'string' ? e.code : '';
  if (TRANSIENT_ERRNO.has(code) || TRANSIENT_SQLSTATE.has(code) || TRANSIENT_PRISMA.has(code) || code.startsWith('08')) return true;
  if (typeof e.kind === 'string' && TRANSIENT_ADAPTER_KIND.has(e.kind)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  if (TRANSIENT_MESSAGE.test(message)) return true;
  return isTransientConnectionError(e.cause, depth + 1) || isTransientConnectionError(e.meta?.driverAdapterError?.cause, depth + 1);
}

export interface BackoffLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface BackoffOptions {
  /** First and longest delay between attempts in ms (default 250 → 5000, doubling). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** Give up (throw the last error) once this long has passed since the first attempt; absent: never. */
  deadlineMs?: number;
  /** What is being tried, as the log lines name it ("database"). */
  what?: string;
  log?: BackoffLog;
  /** An error to stop with instead of retrying (the database was closed meanwhile), else undefined. */
  stopped?: () => Error | undefined;
  /** Told, at each pause, the function that ends the pause early (to stop promptly on close). */
  onPause?: (wake: () => void) => void;
}

/** How often a still failing start-up is logged again after its first failure. */
const REPORT_EVERY_MS = 30_000;

/**
 * Runs `attempt` until it succeeds, retrying an outage (`isTransientConnectionError`) with capped,
 * doubling delays; any other error is thrown at once. The first failure is logged ("<what>
 * unavailable: retrying", with the attempt and the next delay), then at most every 30 s; a success
 * after failures logs "<what> reachable" with the number of attempts.
 */
export async function retryOutage<T>(attempt: (n: number) => Promise<T>, options: BackoffOptions = {}): Promise<T> {
  const { minDelayMs = 250, maxDelayMs = 5000, deadlineMs, what = 'database', log, stopped } = options;
  const began = Date.now();
  let delay = minDelayMs;
  let lastReport = 0;
  for (let n = 1; ; n++) {
    try {
      const result = await attempt(n);
      if (n > 1) log?.info({ attempts: n, waitedMs: Date.now() - began }, `${what} reachable`);
      return result;
    } catch (error) {
      const stop = stopped?.();
      if (stop) throw stop;
      if (!isTransientConnectionError(error)) throw error;
      if (deadlineMs !== undefined && Date.now() - began + delay > deadlineMs) {
        log?.warn({ err: error, attempt: n, waitedMs: Date.now() - began }, `${what} unavailable: giving up`);
        throw error;
      }
      if (Date.now() - lastReport >= REPORT_EVERY_MS) {
        lastReport = Date.now();
        log?.warn({ err: error, attempt: n, retryInMs: delay }, `${what} unavailable: retrying`);
      }
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      options.onPause?.(() => (clearTimeout(timer), resolve()));
    });
    const stop = stopped?.();
    if (stop) throw stop;
    delay = Math.min(maxDelayMs, delay * 2);
  }
}
