/**
 * The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) and the socket
 * server in front of it run here, not on the thread that serves HTTP. Opening it — copying the
 * template, starting PostgreSQL: most of a cold start — overlaps the main thread's own start-up
 * (schemas, routes), and the PostgreSQL work of every query runs beside the request thread
 * instead of inside it. Started by `pglite.ts`; it answers `ready` (or `error`) once serving, and
 * `closed` after a `close` message has stopped the server and PGlite cleanly.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { sessionGuard } from './session-guard.js';
import { seedFromTemplate } from './template.js';

export interface PgliteThreadOptions {
  /** Data directory (already locked by the opener); absent → in memory. */
  dataDir?: string;
  /** A template that fills an empty `dataDir` instead of initdb (template.ts). */
  template?: string;
  /** In memory only: a data directory dumped by PGlite's `dumpDataDir` (a tarball file) to start from instead of initdb. */
  loadDataDir?: string;
  /** The Unix socket to serve on. */
  socketPath: string;
  maxConnections: number;
}

export type PgliteThreadMessage = { type: 'ready' } | { type: 'error'; name: string; message: string } | { type: 'closed' };

const options = workerData as PgliteThreadOptions;
const port = parentPort!;
const send = (message: PgliteThreadMessage) => port.postMessage(message);

async function open(): Promise<() => Promise<void>> {
  if (options.dataDir) {
    if (options.template) await seedFromTemplate(options.dataDir, options.template);
    await mkdir(options.dataDir, { recursive: true });
  }
  const pglite = await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : options.loadDataDir ? { loadDataDir: new Blob([await readFile(options.loadDataDir)]) } : {});
  const server = new PGLiteSocketServer({ db: sessionGuard(pglite), path: options.socketPath, maxConnections: options.maxConnections });
  try {
    await server.start();
  } catch (error) {
    await pglite.close().catch(() => undefined);
    throw error;
  }
  return async () => {
    await server.stop().catch(() => undefined);
    await pglite.close();
  };
}

open().then(
  (close) => {
    port.once('message', () => {
      void close()
        .catch(() => undefined)
        .then(() => {
          send({ type: 'closed' });
          port.close();
        });
    });
    send({ type: 'ready' });
  },
  (error: unknown) => {
    const e = error instanceof Error ? error : new Error(String(error));
    send({ type: 'error', name: e.name, message: e.message });
    port.close();
  },
);
