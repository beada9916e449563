/**
 * Opens the `Database` port: PostgreSQL at DATABASE_URL, or the embedded PGlite under
 * `<DATA_DIR>/pglite` (served on a local socket so `pg`/Prisma can connect), then migrates it.
 */
import { join } from 'node:path';
import type { Config } from '../../config.js';
import type { Database } from '../../app/ports.js';
import { migrate, type MigrateOptions } from '../migrator.js';
import { PoolDatabase, onDatabaseClose } from './pool.js';
import { startPglite, type PgliteOptions } from './pglite.js';

export { PoolDatabase, onDatabaseClose, startPglite };
export type { PgliteOptions };

export interface OpenOptions {
  /** Migrations folder (default prisma/migrations). */
  migrations?: MigrateOptions;
}

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, options: OpenOptions = {}): Promise<Database> {
  const database = config.databaseUrl
    ? new PoolDatabase({ kind: 'postgres', url: config.databaseUrl, max: 10 })
    : await startPglite({ dataDir: join(config.dataDir, 'pglite') });
  try {
    await database.ping();
    await migrate(database, options.migrations);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
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
