/**
 * Opens the `Database` port: PostgreSQL at DATABASE_URL, or the embedded PGlite under
 * `<DATA_DIR>/pglite` (one owner per directory, served on a private Unix socket so `pg`/Prisma can
 * connect; a new one is copied from the build's template, ./template.ts), then migrates it.
 */
import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { Database } from '../../app/ports.js';
import { migrate, type MigrateOptions } from '../migrator.js';
import { PoolDatabase, onDatabaseClose } from './pool.js';
import { startPglite, type PgliteOptions } from './pglite.js';
import { ConnectingDatabase, DatabaseUnavailable, type ConnectingOptions } from './connecting.js';
import { connectEmbedded, NoEmbeddedOwner } from './endpoint.js';
import { DataDirLocked } from './lock.js';
import { DEFAULT_TEMPLATE_DIR } from './template.js';

export { PoolDatabase, onDatabaseClose, startPglite, ConnectingDatabase, DatabaseUnavailable, DataDirLocked, NoEmbeddedOwner, connectEmbedded };
export type { PgliteOptions };

export interface OpenOptions {
  /** Migrations folder (default prisma/migrations). */
  migrations?: MigrateOptions;
}

/** The embedded database's data directory for a DATA_DIR. */
const embeddedDataDir = (dataDir: string) => join(dataDir, 'pglite');

/** Opens the configured database and applies pending migrations (fails if it does not answer). */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: OpenOptions = {}): Promise<Database> {
  const database = config.databaseUrl
    ? new PoolDatabase({ kind: 'postgres', url: config.databaseUrl, max: 10 })
    : await startPglite({ dataDir: embeddedDataDir(config.dataDir), template: DEFAULT_TEMPLATE_DIR });
  try {
    await database.ping();
    await migrate(database, options.migrations);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

/**
 * The start-up path of `npm start`: the embedded database is opened (and locked) at once; a
 * PostgreSQL server that refuses connections is retried in the background (`ConnectingDatabase`),
 * `ready` settles when it is migrated.
 */
export async function openServedDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenOptions & Pick<ConnectingOptions, 'log'> = {},
): Promise<{ database: Database; ready: Promise<void> }> {
  if (!config.databaseUrl) {
    const database = await openDatabase(config, options);
    return { database, ready: Promise.resolve() };
  }
  const database = new ConnectingDatabase(new PoolDatabase({ kind: 'postgres', url: config.databaseUrl, max: 10 }), options);
  return { database, ready: database.ready };
}

/**
 * The database of `npm run worker`: a retrying PostgreSQL client, or a client of the embedded
 * database owned by the running API (`NoEmbeddedOwner` when none runs). Never opens PGlite.
 */
export async function openWorkerDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: Pick<ConnectingOptions, 'log'> = {}): Promise<Database> {
  if (config.databaseUrl) return (await openServedDatabase(config, options)).database;
  return connectEmbedded(embeddedDataDir(config.dataDir));
}

/** A throw-away, migrated PGlite for tests: in memory, or in `dataDir` when given. */
export async function openTestPglite(options: PgliteOptions & OpenOptions = {}): Promise<Database> {
  const database = await startPglite(options);
  try {
    await migrate(database, options.migrations);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}
