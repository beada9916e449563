/**
 * How a second process (`npm run worker`) reaches the embedded database without opening it: the
 * owner (`npm start`) publishes its socket url in `<data>.run/owner.json` (0600, in a 0700
 * directory, see `lock.ts`); this reads it and connects as a client. It never opens PGlite.
 */
import { resolve } from 'node:path';
import { PoolDatabase } from './pool.js';
import { ownerGone, readOwner, runDirOf } from './lock.js';
import { existsSync } from 'node:fs';

/** No running process owns the embedded database. */
export class NoEmbeddedOwner extends Error {
  constructor(
    readonly dataDir: string,
    reason: string,
  ) {
    super(`No running API owns the embedded database in ${dataDir} (${reason}): start \`npm start\` with the same DATA_DIR first, or set DATABASE_URL.`);
    this.name = 'NoEmbeddedOwner';
  }
}

/**
 * The url of the owner's socket server. An owner that is still starting (locked, url not yet
 * published) is waited for up to `waitMs`; no owner, or a dead one, is `NoEmbeddedOwner` at once.
 */
export async function findEmbeddedDatabase(dataDir: string, waitMs = 30_000): Promise<string> {
  const dir = resolve(dataDir);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const owner = await readOwner(dir);
    if (owner && ownerGone(owner)) throw new NoEmbeddedOwner(dir, `process ${owner.pid} that owned it is gone`);
    if (owner?.url) return owner.url;
    if (!owner && !existsSync(runDirOf(dir))) throw new NoEmbeddedOwner(dir, 'nothing is running');
    if (Date.now() >= deadline) throw new NoEmbeddedOwner(dir, 'its owner did not finish starting');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A client of the owner's embedded database (not migrated here: the owner did it). */
export async function connectEmbedded(dataDir: string, options: { waitMs?: number; max?: number } = {}): Promise<PoolDatabase> {
  const url = await findEmbeddedDatabase(dataDir, options.waitMs);
  const database = new PoolDatabase({ kind: 'pglite', url, max: options.max ?? 2 });
  try {
    await database.ping();
  } catch (error) {
    await database.close();
    throw new NoEmbeddedOwner(resolve(dataDir), `its socket does not answer: ${(error as Error).message}`);
  }
  return database;
}
