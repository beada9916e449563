/**
 * Embedded PostgreSQL (PGlite) served on a private Unix socket through `PGLiteSocketServer`, so
 * `pg`, Prisma and every other PostgreSQL client reach it exactly as they reach a real server
 * (`url`). The socket server does not authenticate: the 0700 directory around the socket is what
 * keeps other users out, which is why it never listens on TCP.
 *
 * PGlite is ONE backend session. The socket server queues protocol messages from all connections
 * and, while a transaction block is open, only runs the messages of the connection that opened
 * it. It does not protect an extended-protocol exchange (Parse/Bind/Describe/Execute … Sync),
 * which is not a transaction block: another connection's Parse could replace the unnamed
 * statement in between. `sessionGuard` closes that gap by reporting "in transaction" from the
 * first extended-protocol message to its Sync, so each exchange runs uninterrupted. With it,
 * concurrent `query`/`transaction` calls over several pooled connections are serialised safely.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PoolDatabase } from './pool.js';
import { lockDataDir, type DataDirLock } from './lock.js';
import { seedFromTemplate } from './template.js';

export interface PgliteOptions {
  /** Directory holding the data (created if missing); absent → in memory. */
  dataDir?: string;
  /** Pool size of the `Database` itself (default 4). */
  poolSize?: number;
  /** Connections the socket server accepts in total (default 64). */
  maxConnections?: number;
  /** A template (./template.ts) that fills an empty `dataDir` instead of initdb. */
  template?: string;
}

// Extended-protocol messages that belong to an exchange ended by Sync ('S').
const EXTENDED = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));
const SYNC = 'S'.charCodeAt(0);

/** Wraps PGlite for the socket server: see the module comment. */
export function sessionGuard(db: PGlite): PGlite {
  let exchangeOpen = false;
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'isInTransaction') return () => exchangeOpen || target.isInTransaction();
      if (prop === 'execProtocolRawStream') {
        return async (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          const type = message[0];
          try {
            return await target.execProtocolRawStream(message, options);
          } finally {
            if (type !== undefined && EXTENDED.has(type)) exchangeOpen = true;
            else if (type === SYNC) exchangeOpen = false;
          }
        };
      }
      if (prop === 'exec') {
        // Used by the socket server to roll back after a client vanished mid-transaction.
        return (query: string, options?: Parameters<PGlite['exec']>[1]) => {
          exchangeOpen = false;
          return target.exec(query, options);
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** pg's socket file name in a socket directory (`host=/dir`, default port). */
const SOCKET_FILE = '.s.PGSQL.5432';
/** sun_path holds 108 bytes; keep a margin. */
const MAX_SOCKET_PATH = 100;

/** A connection url for `pg`/Prisma on the Unix socket in `dir`. */
export const socketUrl = (dir: string) => `postgresql://postgres@${encodeURIComponent(dir)}/postgres?sslmode=disable`;

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
      if (options.template) await seedFromTemplate(dataDir, options.template);
      await mkdir(dataDir, { recursive: true });
    }
    let socketDir = lock?.runDir;
    if (!socketDir || join(socketDir, SOCKET_FILE).length > MAX_SOCKET_PATH) {
      const tmp = await mkdtemp(join(tmpdir(), 'arbiter-pglite-')); // created 0700
      socketDir = tmp;
      cleanup.push(() => rm(tmp, { recursive: true, force: true }));
    }
    const pglite = await PGlite.create(dataDir ? { dataDir } : {});
    cleanup.push(() => pglite.close());
    const server = new PGLiteSocketServer({
      db: sessionGuard(pglite),
      path: join(socketDir, SOCKET_FILE),
      maxConnections: options.maxConnections ?? 64,
    });
    await server.start();
    cleanup.push(() => server.stop());
    const url = socketUrl(socketDir);
    await lock?.publish(url);
    return new PoolDatabase({ kind: 'pglite', url, max: options.poolSize ?? 4, afterClose: undo });
  } catch (error) {
    await undo();
    throw error;
  }
}
