/**
 * Database targets for contract suites (CONTRIBUTING: one suite per port, every implementation):
 * always a fresh in-memory PGlite; plus `postgres` when DATABASE_URL is set, where each `open()`
 * creates a uniquely named database on that server, migrates it, and its `close()` drops it.
 *
 *   for (const target of databaseTargets()) {
 *     describe(target.name, () => {
 *       let db: Database;
 *       beforeAll(async () => { db = await target.open(); });
 *       afterAll(() => db.close());
 *       ...
 *     });
 *   }
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/app/ports.js';
import { PoolDatabase, openTestPglite } from '../../src/infra/database/index.js';
import { migrate, type MigrateOptions } from '../../src/infra/migrator.js';

export interface DatabaseTarget {
  name: string;
  open(): Promise<Database>;
}

/** The PostgreSQL server that is always running on this machine (used when DATABASE_URL is unset). */
export const LOCAL_POSTGRES_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface TempPostgres {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates an empty, uniquely named database on the server of `serverUrl`. */
export async function createTempPostgresDatabase(serverUrl: string = process.env.DATABASE_URL ?? LOCAL_POSTGRES_URL): Promise<TempPostgres> {
  const name = `arbiter_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A fresh migrated database on a real PostgreSQL server, dropped on close(). */
export async function openTempPostgres(serverUrl?: string, options: MigrateOptions = {}): Promise<Database> {
  const temp = await createTempPostgresDatabase(serverUrl);
  const database = new PoolDatabase({ kind: 'postgres', url: temp.url, max: 10, afterClose: temp.drop });
  try {
    await migrate(database, options);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [{ name: 'pglite', open: () => openTestPglite() }];
  const url = process.env.DATABASE_URL;
  if (url) targets.push({ name: 'postgres', open: () => openTempPostgres(url) });
  return targets;
}
