/**
 * Database targets for tests (CONTRIBUTING: one suite per port, every implementation): always the
 * embedded PGlite; plus `postgres` when DATABASE_URL is set.
 *
 * Nothing here runs initdb or the migrations per test file:
 * - PGlite starts from a migrated dump (`migratedDump()`: made once, cached under
 *   node_modules/.cache/arbiter-tests and keyed by the PGlite version and the migrations' text; an
 *   initdb-only dump and an on-disk template beside it), and each Vitest
 *   worker shares ONE such database: `target.open()` empties its tables (TRUNCATE) and lends it
 *   to the file; `close()` on the loan is a no-op. `freshTestPglite()` is a private one (for
 *   tests that close or break their database), also from the dump.
 * - PostgreSQL: `open()` creates a uniquely named database from a migrated template database on
 *   that server (`CREATE DATABASE … TEMPLATE`, made once per migrations' text), dropped on close().
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
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database, SqlClient } from '../../src/app/ports.js';
import { PoolDatabase, startPglite } from '../../src/infra/database/index.js';
import { poolDatabaseOf } from '../../src/infra/database/pool.js';
import { pgliteVersion, writeTemplate } from '../../src/infra/database/template.js';
import { migrate, readMigrations, type MigrateOptions } from '../../src/infra/migrator.js';

export interface DatabaseTarget {
  name: 'pglite' | 'postgres';
  open(): Promise<Database>;
}

/** The PostgreSQL server that is always running on this machine (used when DATABASE_URL is unset). */
export const LOCAL_POSTGRES_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

const CACHE_DIR = join(process.cwd(), 'node_modules', '.cache', 'arbiter-tests');

/** A digest of what makes a migrated database: the PGlite version and every migration's name and text. */
async function schemaDigest(): Promise<string> {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const m of await readMigrations()) hash.update('\0' + m.name + '\0' + m.script);
  return hash.digest('hex').slice(0, 16);
}

interface Cached {
  /** Dump of a freshly initdb'd data directory (no migration applied). */
  empty: string;
  /** Dump of the same with every migration applied. */
  migrated: string;
  /** The migrated data directory as a template for on-disk databases (`startPglite({ dataDir, template })`). */
  template: string;
}

let cached: Promise<Cached> | undefined;

/** Writes PGlite's dump of `dataDir` to `file` (through a unique name renamed into place). */
async function dumpTo(dataDir: string, file: string): Promise<void> {
  const pglite = await PGlite.create({ dataDir });
  const dump = await pglite.dumpDataDir('gzip');
  await pglite.close();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
}

/**
 * The cached databases of this schema: made by the first test that needs them (about 4 s) and
 * reused by every later run until a migration or PGlite changes. Workers that race to make them
 * each write their own files and rename them into place.
 */
function cachedDatabases(): Promise<Cached> {
  cached ??= (async () => {
    const digest = await schemaDigest();
    const paths: Cached = {
      empty: join(CACHE_DIR, `pglite-empty-${digest}.tar.gz`),
      migrated: join(CACHE_DIR, `pglite-${digest}.tar.gz`),
      template: join(CACHE_DIR, `template-${digest}`),
    };
    if (existsSync(paths.empty) && existsSync(paths.migrated) && existsSync(join(paths.template, 'template.json'))) return paths;
    await mkdir(CACHE_DIR, { recursive: true });
    const scratch = await mkdtemp(join(tmpdir(), 'arbiter-test-dump-'));
    try {
      const dataDir = join(scratch, 'data');
      await (await PGlite.create({ dataDir })).close();
      await dumpTo(dataDir, paths.empty);
      const database = await startPglite({ dataDir });
      let applied: string[];
      try {
        applied = (await migrate(database)).applied;
      } finally {
        await database.close();
      }
      await dumpTo(dataDir, paths.migrated);
      if (!existsSync(join(paths.template, 'template.json'))) {
        const building = `${paths.template}.${process.pid}.${randomBytes(4).toString('hex')}`;
        await writeTemplate(building, dataDir, applied);
        // a worker that lost the race to rename its copy into place uses the winner's
        await rename(building, paths.template).catch(() => rm(building, { recursive: true, force: true }));
      }
      return paths;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  })();
  return cached;
}

/** A tarball of a PGlite data directory with every migration applied (PGlite's `dumpDataDir`). */
export const migratedDump = async () => (await cachedDatabases()).migrated;

/** A template directory (src/infra/database/template.ts) for on-disk test databases: `startPglite({ dataDir, template })`. */
export const testTemplateDir = async () => (await cachedDatabases()).template;

let sharedEmpty: Promise<Database> | undefined;

/**
 * An in-memory PGlite as initdb leaves it, no migration applied (for the migrator's own tests): the
 * worker's one such database, its `public` schema dropped and created again for each caller.
 */
export async function emptyTestPglite(): Promise<Database> {
  sharedEmpty ??= (async () => startPglite({ loadDataDir: (await cachedDatabases()).empty }))();
  const database = await sharedEmpty;
  await database.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
  return lend(database);
}

/** A private, migrated in-memory PGlite started from the dump (for tests that close, break or reopen it). */
export async function freshTestPglite(options: { poolSize?: number; migrations?: MigrateOptions } = {}): Promise<Database> {
  const database = await startPglite({ loadDataDir: await migratedDump(), poolSize: options.poolSize });
  if (options.migrations) {
    try {
      await migrate(database, options.migrations);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

/** Empties every table but the migrations' record (one statement). */
export async function truncateAll(db: SqlClient): Promise<void> {
  const { rows } = await db.query<{ name: string }>(`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`);
  if (rows.length) await db.query(`TRUNCATE ${rows.map((r) => r.name).join(', ')} RESTART IDENTITY CASCADE`);
}

let shared: Promise<Database> | undefined;

/** The worker's PGlite (opened once per worker process), emptied for the caller; closing the loan leaves it open. */
export async function sharedTestPglite(): Promise<Database> {
  shared ??= freshTestPglite({ poolSize: 8 });
  const database = await shared;
  await truncateAll(database);
  return lend(database);
}

/**
 * `database` with a `close()` that only ends the loan (later queries through it fail as after a
 * close). Its Prisma client runs on the lender's pool (`poolDatabase`), as in the service.
 */
function lend(database: Database): Database & { poolDatabase(): PoolDatabase | undefined } {
  let returned = false;
  const open = async () => {
    if (returned) throw new Error('this test database was closed');
  };
  return {
    kind: database.kind,
    url: database.url,
    // as the service's own handle: its stores keep what only they write (src/infra/only-writer-memo.ts), one loan's apart from another's
    soleWriter: database.soleWriter,
    query: async (text, params) => (await open(), database.query(text, params)),
    transaction: async (fn) => (await open(), database.transaction(fn)),
    ping: async () => (await open(), database.ping()),
    poolDatabase: () => poolDatabaseOf(database),
    close: async () => {
      returned = true;
    },
  };
}

export interface TempPostgres {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(serverUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = '/' + name;
  return url.toString();
};

/** Creates a uniquely named database on the server of `serverUrl`: empty, or a copy of `template`. */
export async function createTempPostgresDatabase(serverUrl: string = process.env.DATABASE_URL ?? LOCAL_POSTGRES_URL, template?: string): Promise<TempPostgres> {
  const name = `arbiter_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

const templates = new Map<string, Promise<string>>();

/**
 * A migrated template database on the server (`arbiter_tpl_<digest>`), made once per migrations'
 * text under an advisory lock (so concurrent workers make it once), never connected to afterwards.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  let made = templates.get(serverUrl);
  if (!made) {
    made = (async () => {
      const name = `arbiter_tpl_${await schemaDigest()}`;
      await withAdmin(serverUrl, async (admin) => {
        await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
        try {
          const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
          if (rowCount) return;
          const building = `${name}_${randomBytes(4).toString('hex')}`;
          await admin.query(`CREATE DATABASE "${building}"`);
          const database = new PoolDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, building), max: 2 });
          try {
            await migrate(database);
          } finally {
            await database.close();
          }
          await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
        } finally {
          await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
        }
      });
      return name;
    })();
    made.catch(() => templates.delete(serverUrl));
    templates.set(serverUrl, made);
  }
  return made;
}

/** A fresh migrated database on a real PostgreSQL server (a copy of the migrated template), dropped on close(). */
export async function openTempPostgres(serverUrl: string = process.env.DATABASE_URL ?? LOCAL_POSTGRES_URL): Promise<Database> {
  const temp = await createTempPostgresDatabase(serverUrl, await migratedTemplate(serverUrl));
  return new PoolDatabase({ kind: 'postgres', url: temp.url, max: 10, afterClose: temp.drop });
}

export function databaseTargets(): DatabaseTarget[] {
  const targets: DatabaseTarget[] = [{ name: 'pglite', open: sharedTestPglite }];
  const url = process.env.DATABASE_URL;
  if (url) targets.push({ name: 'postgres', open: () => openTempPostgres(url) });
  return targets;
}
