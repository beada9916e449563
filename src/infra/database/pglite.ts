/**
 * Embedded PostgreSQL (PGlite) served on a private Unix socket through `PGLiteSocketServer`, so
 * `pg`, Prisma and every other PostgreSQL client reach it exactly as they reach a real server
 * (`url`). The socket server does not authenticate: the 0700 directory around the socket is what
 * keeps other users out, which is why it never listens on TCP.
 *
 * PGlite runs on its own thread (pglite-thread.ts), so opening it overlaps the rest of start-up and
 * its PostgreSQL work never runs on the thread that serves requests. It is ONE backend session:
 * `sessionGuard` (session-guard.ts) keeps each extended-protocol exchange of one connection whole.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PoolDatabase } from './pool.js';
import { lockDataDir, type DataDirLock } from './lock.js';
import type { PgliteThreadMessage, PgliteThreadOptions } from './pglite-thread.js';

/** Compiled (dist/): the compiled thread beside this file; from sources: the shim that loads tsx first. */
const THREAD_FILE = new URL(`./pglite-thread.${import.meta.url.endsWith('.js') ? 'js' : 'mjs'}`, import.meta.url);
/** How long a closing thread may take to shut PostgreSQL down cleanly before it is stopped. */
const CLOSE_TIMEOUT_MS = 15_000;

/**
 * The thread, started with the process's Node options. V8 options (`--max-semi-space-size`,
 * `--max-old-space-size`, `--trace-gc`…) tune the process's own heap and a thread refuses them
 * (ERR_WORKER_INVALID_EXEC_ARGV, naming them): the thread then starts without those, rather than the
 * service refusing to start when it is run with heap or GC options.
 */
function startWorker(options: PgliteThreadOptions, execArgv: string[]): Worker {
  try {
    return new Worker(THREAD_FILE, { workerData: options, execArgv });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw error;
    const named = (error as Error).message.slice((error as Error).message.indexOf(':') + 1);
    const refused = new Set(named.split(/[\s,]+/).filter(Boolean));
    const kept = execArgv.filter((arg) => !refused.has(arg));
    if (kept.length === execArgv.length) throw error;
    return new Worker(THREAD_FILE, { workerData: options, execArgv: kept });
  }
}

/** Starts the database thread; resolves once it serves on `options.socketPath`, with its `close`. */
function startThread(options: PgliteThreadOptions): Promise<() => Promise<void>> {
  // the process's Node options, except `--input-type` (an `-e` script's), which a thread started from a file refuses
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith('--input-type'));
  const worker = startWorker(options, execArgv);
  let closing = false;
  return new Promise((resolveOpen, rejectOpen) => {
    const exitedEarly = (code: number) => rejectOpen(new Error(`The embedded database thread stopped while opening (exit code ${code}).`));
    worker.once('error', rejectOpen);
    worker.once('exit', exitedEarly);
    worker.once('message', (message: PgliteThreadMessage) => {
      worker.off('exit', exitedEarly);
      if (message.type !== 'ready') {
        void worker.terminate();
        rejectOpen(Object.assign(new Error(message.type === 'error' ? message.message : 'unexpected message'), { name: message.type === 'error' ? message.name : 'Error' }));
        return;
      }
      worker.once('exit', (code) => {
        if (!closing) process.emitWarning(`The embedded database thread stopped (exit code ${code}); queries fail until the service restarts.`);
      });
      resolveOpen(async () => {
        closing = true;
        const closed = new Promise<void>((done) => {
          worker.once('message', () => done());
          worker.once('exit', () => done());
        });
        worker.postMessage('close');
        const timer = setTimeout(() => void worker.terminate(), CLOSE_TIMEOUT_MS);
        await closed;
        clearTimeout(timer);
        await worker.terminate();
      });
    });
  });
}

export interface PgliteOptions {
  /** Directory holding the data (created if missing); absent → in memory. */
  dataDir?: string;
  /** Pool size of the `Database` itself (default 4). */
  poolSize?: number;
  /** Connections the socket server accepts in total (default 64). */
  maxConnections?: number;
  /** A template (./template.ts) that fills an empty `dataDir` instead of initdb. */
  template?: string;
  /** In memory only (no `dataDir`): start from this dump (PGlite `dumpDataDir` tarball) instead of initdb. */
  loadDataDir?: string;
}

/** pg's socket file name in a socket directory (`host=/dir`, default port). */
const SOCKET_FILE = '.s.PGSQL.5432';
/** sun_path holds 108 bytes; keep a margin. */
const MAX_SOCKET_PATH = 100;

/** A connection url for `pg`/Prisma on the Unix socket in `dir`. */
const socketUrl = (dir: string) => `postgresql://postgres@${encodeURIComponent(dir)}/postgres?sslmode=disable`;

/**
 * Starts PGlite (persistent when `dataDir` is given), its socket server and a pool. A persistent
 * database is first locked (`lock.ts`: a second opener gets `DataDirLocked`); the socket is a
 * Unix socket in a 0700 directory — the lock's own directory, or a private temporary one when that
 * path is too long or the database is in memory — so only this user can connect. The url is
 * published in the lock for `npm run worker`.
 */
export async function startPglite(options: PgliteOptions = {}): Promise<PoolDatabase> {
  const cleanup: (() => Promise<unknown>)[] = [];
  const undo = async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn().catch(() => undefined);
  };
  try {
    let dataDir: string | undefined;
    let lock: DataDirLock | undefined;
    if (options.dataDir) {
      dataDir = resolve(options.dataDir);
      await mkdir(dirname(dataDir), { recursive: true });
      const taken = await lockDataDir(dataDir);
      lock = taken;
      cleanup.push(() => taken.release());
    }
    let socketDir = lock?.runDir;
    if (!socketDir || join(socketDir, SOCKET_FILE).length > MAX_SOCKET_PATH) {
      const tmp = await mkdtemp(join(tmpdir(), 'arbiter-pglite-')); // created 0700
      socketDir = tmp;
      cleanup.push(() => rm(tmp, { recursive: true, force: true }));
    }
    const close = await startThread({
      dataDir,
      template: dataDir ? options.template : undefined,
      loadDataDir: dataDir ? undefined : options.loadDataDir,
      socketPath: join(socketDir, SOCKET_FILE),
      maxConnections: options.maxConnections ?? 64,
    });
    cleanup.push(close);
    const url = socketUrl(socketDir);
    await lock?.publish(url);
    return new PoolDatabase({ kind: 'pglite', url, max: options.poolSize ?? 4, afterClose: undo, soleWriter: true });
  } catch (error) {
    await undo();
    throw error;
  }
}
