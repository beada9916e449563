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
import { retryOutage, type BackoffLog } from './transient.js';

export { PoolDatabase, onDatabaseClose, startPglite, ConnectingDatabase, DatabaseUnavailable, DataDirLocked, NoEmbeddedOwner, connectEmbedded };
export type { PgliteOptions };

export interface OpenOptions {
  /** Migrations folder (default prisma/migrations). */
  migrations?: MigrateOptions;
  /** Start-up lines: the embedded database's retries (see `openDatabase`). */
  log?: BackoffLog;
}

/** What opening the database reads of the configuration (`databasePoolSize`: DATABASE_POOL_SIZE, default 10). */
export type DatabaseConfig = Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>;

/** Connections of the process's pool on PostgreSQL when DATABASE_POOL_SIZE is not given. */
const DEFAULT_POOL_SIZE = 10;

/** The embedded database's data directory for a DATA_DIR. */
const embeddedDataDir = (dataDir: string) => join(dataDir, 'pglite');

/** The process's pool on the PostgreSQL server at DATABASE_URL (DATABASE_POOL_SIZE connections at most). */
const postgresPool = (config: DatabaseConfig & { databaseUrl: string }) =>
  new PoolDatabase({ kind: 'postgres', url: config.databaseUrl, max: config.databasePoolSize || DEFAULT_POOL_SIZE });

/**
 * How long the embedded database may keep timing out at start-up before the start fails: its engine
 * runs in this process, so a connection it does not answer is a busy machine (a loaded CI runner,
 * a cold disk), retried with back-off (./transient.ts) and logged, not a reason to exit at once.
 */
const EMBEDDED_START_DEADLINE_MS = 120_000;

/**
 * Opens the configured database and applies pending migrations. PostgreSQL: fails if it does not
 * answer (`openServedDatabase` is the start-up path that waits). The embedded database: an
 * unanswered connection is retried with capped back-off for up to 2 minutes, logged.
 */
export async function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  const database = config.databaseUrl
    ? postgresPool({ ...config, databaseUrl: config.databaseUrl })
    : await startPglite({ dataDir: embeddedDataDir(config.dataDir), template: DEFAULT_TEMPLATE_DIR });
  const open = async () => {
    await database.ping();
    await migrate(database, options.migrations);
  };
  try {
    if (database.kind === 'pglite') await retryOutage(open, { what: 'embedded database', log: options.log, deadlineMs: EMBEDDED_START_DEADLINE_MS });
    else await open();
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
  config: DatabaseConfig,
  options: OpenOptions & Pick<ConnectingOptions, 'log'> = {},
): Promise<{ database: Database; ready: Promise<void> }> {
  if (!config.databaseUrl) {
    const database = await openDatabase(config, options);
    return { database, ready: Promise.resolve() };
  }
  const database = new ConnectingDatabase(postgresPool({ ...config, databaseUrl: config.databaseUrl }), options);
  return { database, ready: database.ready };
}

/**
 * The database of `npm run worker`: a retrying PostgreSQL client, or a client of the embedded
 * database owned by the running API (`NoEmbeddedOwner` when none runs). Never opens PGlite.
 */
export async function openWorkerDatabase(config: DatabaseConfig, options: Pick<ConnectingOptions, 'log'> = {}): Promise<Database> {
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
