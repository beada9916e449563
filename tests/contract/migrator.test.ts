/**
 * The migrator (src/infra/migrator.ts) against PGlite and the real PostgreSQL on this machine
 * (DATABASE_URL, or 127.0.0.1:5432): every test uses a fresh database and its own migrations folder.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/app/ports.js';
import { PoolDatabase, openDatabase } from '../../src/infra/database/index.js';
import { DEFAULT_MIGRATIONS_DIR, MigrationError, migrate, readMigrations } from '../../src/infra/migrator.js';
import { createTempPostgresDatabase, emptyTestPglite, type TempPostgres } from '../helpers/database.js';
import { exclusiveServerTurn } from '../helpers/server-turn.js';

// one file at a time on the real PostgreSQL server (tests/helpers/server-turn.ts)
let releaseServer: (() => Promise<void>) | undefined;
beforeAll(async () => {
  releaseServer = await exclusiveServerTurn();
});
afterAll(async () => releaseServer?.());

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn().catch(() => {});
});

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'arbiter-migrations-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(join(dir, name), { recursive: true });
    await writeFile(join(dir, name, 'migration.sql'), sql);
  }
  await writeFile(join(dir, 'migration_lock.toml'), 'provider = "postgresql"\n');
  return dir;
}

const M1 = '-- CreateTable\nCREATE TABLE "widgets" ("id" SERIAL PRIMARY KEY, "name" TEXT NOT NULL);\n';
const M2 = 'ALTER TABLE "widgets" ADD COLUMN "size" INTEGER;\nCREATE INDEX "widgets_size_idx" ON "widgets"("size");\n';
const M3 = 'INSERT INTO "widgets" ("name", "size") VALUES (\'first\', 1);\n';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

async function freshPostgres(): Promise<{ temp: TempPostgres; open(): Database }> {
  const temp = await createTempPostgresDatabase();
  cleanups.push(() => temp.drop());
  return {
    temp,
    open: () => {
      const db = new PoolDatabase({ kind: 'postgres', url: temp.url, max: 3 });
      cleanups.push(() => db.close());
      return db;
    },
  };
}

const targets: { name: string; open(): Promise<Database> }[] = [
  {
    name: 'pglite',
    open: async () => {
      const db = await emptyTestPglite();
      cleanups.push(() => db.close());
      return db;
    },
  },
  { name: 'postgres', open: async () => (await freshPostgres()).open() },
];

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
  applied_steps_count: number;
}
const rowsOf = async (db: Database) => (await db.query<MigrationRow>('SELECT * FROM _prisma_migrations ORDER BY migration_name')).rows;

for (const target of targets) {
  describe(`migrator on ${target.name}`, () => {
    it('applies every migration in name order on a fresh database and records it as Prisma does', async () => {
      const db = await target.open();
      // written out of order on purpose: name order decides
      const dir = await migrationsDir({ '20270101000003_seed': M3, '20270101000001_widgets': M1, '20270101000002_size': M2 });
      const result = await migrate(db, { dir });
      expect(result).toEqual({ applied: ['20270101000001_widgets', '20270101000002_size', '20270101000003_seed'], skipped: [] });
      expect((await db.query('SELECT name, size FROM widgets')).rows).toEqual([{ name: 'first', size: 1 }]);

      const rows = await rowsOf(db);
      expect(rows.map((r) => r.migration_name)).toEqual(result.applied);
      for (const [row, script] of rows.map((r, i) => [r, [M1, M2, M3][i]!] as const)) {
        expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(row.checksum).toBe(sha256(script));
        expect(row.logs).toBeNull();
        expect(row.rolled_back_at).toBeNull();
        expect(row.applied_steps_count).toBe(1);
        expect(row.finished_at).toBeInstanceOf(Date);
        expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
      }

      // The table has Prisma's exact shape.
      const columns = await db.query<{ column_name: string; data_type: string; character_maximum_length: number | null; is_nullable: string }>(
        `SELECT column_name, data_type, character_maximum_length, is_nullable FROM information_schema.columns
         WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
      );
      expect(columns.rows).toEqual([
        { column_name: 'id', data_type: 'character varying', character_maximum_length: 36, is_nullable: 'NO' },
        { column_name: 'checksum', data_type: 'character varying', character_maximum_length: 64, is_nullable: 'NO' },
        { column_name: 'finished_at', data_type: 'timestamp with time zone', character_maximum_length: null, is_nullable: 'YES' },
        { column_name: 'migration_name', data_type: 'character varying', character_maximum_length: 255, is_nullable: 'NO' },
        { column_name: 'logs', data_type: 'text', character_maximum_length: null, is_nullable: 'YES' },
        { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', character_maximum_length: null, is_nullable: 'YES' },
        { column_name: 'started_at', data_type: 'timestamp with time zone', character_maximum_length: null, is_nullable: 'NO' },
        { column_name: 'applied_steps_count', data_type: 'integer', character_maximum_length: null, is_nullable: 'NO' },
      ]);
    });

    it('is a no-op when run again, and applies only what was added since', async () => {
      const db = await target.open();
      const dir = await migrationsDir({ '20270101000001_widgets': M1 });
      await migrate(db, { dir });
      const before = await rowsOf(db);
      expect(await migrate(db, { dir })).toEqual({ applied: [], skipped: ['20270101000001_widgets'] });
      expect(await rowsOf(db)).toEqual(before);

      await mkdir(join(dir, '20270101000002_size'));
      await writeFile(join(dir, '20270101000002_size', 'migration.sql'), M2);
      expect(await migrate(db, { dir })).toEqual({ applied: ['20270101000002_size'], skipped: ['20270101000001_widgets'] });
      const after = await rowsOf(db);
      expect(after[0]).toEqual(before[0]);
      expect(after).toHaveLength(2);
    });

    it('reports a migration whose file changed after it was applied, and applies nothing more', async () => {
      const db = await target.open();
      const dir = await migrationsDir({ '20270101000001_widgets': M1 });
      await migrate(db, { dir });
      await writeFile(join(dir, '20270101000001_widgets', 'migration.sql'), M1.replace('TEXT NOT NULL', 'TEXT'));
      await mkdir(join(dir, '20270101000002_size'));
      await writeFile(join(dir, '20270101000002_size', 'migration.sql'), M2);

      const error = await migrate(db, { dir }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MigrationError);
      expect(error).toMatchObject({ migration: '20270101000001_widgets', reason: 'checksum_mismatch' });
      expect((error as Error).message).toMatch(/modified after it was applied/);
      expect((await rowsOf(db)).map((r) => r.migration_name)).toEqual(['20270101000001_widgets']);
      const size = await db.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'widgets' AND column_name = 'size'");
      expect(size.rowCount).toBe(0);
    });

    it('accepts the same script with other line endings (git autocrlf), as Prisma does', async () => {
      const db = await target.open();
      const dir = await migrationsDir({ '20270101000001_widgets': M1 });
      await migrate(db, { dir });
      await writeFile(join(dir, '20270101000001_widgets', 'migration.sql'), M1.replace(/\n/g, '\r\n'));
      expect(await migrate(db, { dir })).toEqual({ applied: [], skipped: ['20270101000001_widgets'] });
    });

    it('rolls a failing migration back completely (no row, no partial DDL) and names it', async () => {
      const db = await target.open();
      const broken = 'CREATE TABLE "gadgets" ("id" INT PRIMARY KEY);\nINSERT INTO "no_such_table" VALUES (1);\n';
      const seed = 'INSERT INTO "widgets" ("name") VALUES (\'first\');\n';
      const dir = await migrationsDir({ '20270101000001_widgets': M1, '20270101000002_broken': broken, '20270101000003_seed': seed });
      const error = await migrate(db, { dir }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'MigrationError', migration: '20270101000002_broken', reason: 'failed' });
      expect((error as Error).message).toMatch(/no_such_table/);
      expect((await rowsOf(db)).map((r) => r.migration_name)).toEqual(['20270101000001_widgets']);
      expect((await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'gadgets'")).rowCount).toBe(0);

      // fixed file → the next start applies it and the rest
      await writeFile(join(dir, '20270101000002_broken', 'migration.sql'), 'CREATE TABLE "gadgets" ("id" INT PRIMARY KEY);\n');
      expect((await migrate(db, { dir })).applied).toEqual(['20270101000002_broken', '20270101000003_seed']);
    });

    it('refuses to start over a migration Prisma left unfinished, and one missing from the folder', async () => {
      const db = await target.open();
      const dir = await migrationsDir({ '20270101000001_widgets': M1, '20270101000002_size': M2 });
      await migrate(db, { dir });
      await db.query("UPDATE _prisma_migrations SET finished_at = NULL, logs = 'boom' WHERE migration_name = '20270101000002_size'");
      await expect(migrate(db, { dir })).rejects.toMatchObject({ migration: '20270101000002_size', reason: 'previously_failed' });
      // a rolled-back row (prisma migrate resolve --rolled-back) no longer counts as applied
      await db.query("UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = '20270101000002_size'");
      await db.query('ALTER TABLE widgets DROP COLUMN size');
      expect((await migrate(db, { dir })).applied).toEqual(['20270101000002_size']);

      await rm(join(dir, '20270101000001_widgets'), { recursive: true });
      await expect(migrate(db, { dir })).rejects.toMatchObject({ migration: '20270101000001_widgets', reason: 'missing_locally' });
    });

    it('applies the real migrations of prisma/migrations', async () => {
      const db = await target.open();
      const files = await readMigrations(DEFAULT_MIGRATIONS_DIR);
      expect(files.map((f) => f.name)).toContain('20261125000000_init');
      const result = await migrate(db);
      expect(result.applied).toEqual(files.map((f) => f.name));
      const rows = await rowsOf(db);
      const init = rows.find((r) => r.migration_name === '20261125000000_init')!;
      expect(init.checksum).toBe(sha256(await readFile(join(DEFAULT_MIGRATIONS_DIR, '20261125000000_init', 'migration.sql'), 'utf8')));
      expect((await migrate(db)).applied).toEqual([]);
    });
  });
}

describe('migrator: concurrent start-up on one PostgreSQL database', () => {
  it('lets several instances migrate at once: all succeed, each migration applied exactly once', async () => {
    const pg = await freshPostgres();
    // pg_sleep widens the window in which the instances overlap; without the lock the second
    // CREATE TABLE would fail (or a migration would be recorded twice)
    const slow = (sql: string) => 'SELECT pg_sleep(0.2);\n' + sql;
    const dir = await migrationsDir({ '20270101000001_widgets': slow(M1), '20270101000002_size': slow(M2), '20270101000003_seed': slow(M3) });
    const instances = [pg.open(), pg.open(), pg.open(), pg.open()];
    const results = await Promise.all(instances.map((db) => migrate(db, { dir })));
    const applied = results.flatMap((r) => r.applied).sort();
    expect(applied).toEqual(['20270101000001_widgets', '20270101000002_size', '20270101000003_seed']);
    for (const r of results) expect([...r.applied, ...r.skipped].sort()).toEqual(applied);
    const rows = await rowsOf(instances[0]!);
    expect(rows.map((r) => r.migration_name)).toEqual(applied);
    expect((await instances[0]!.query('SELECT count(*)::int AS n FROM widgets')).rows).toEqual([{ n: 1 }]);
  });

  it('waits for `prisma migrate deploy` (same advisory lock key 72707369)', async () => {
    const pg = await freshPostgres();
    const holder = pg.open();
    const dir = await migrationsDir({ '20270101000001_widgets': M1 });
    let releaseLock!: () => void;
    const held = new Promise<void>((r) => (releaseLock = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const lockTx = holder.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(72707369)');
      locked();
      await held;
    });
    await isLocked;
    let finished = false;
    const run = migrate(pg.open(), { dir }).then((r) => ((finished = true), r));
    await new Promise((r) => setTimeout(r, 300));
    expect(finished).toBe(false);
    releaseLock();
    await lockTx;
    expect((await run).applied).toEqual(['20270101000001_widgets']);
  });
});

describe('openDatabase (start-up path)', () => {
  it('with DATABASE_URL: opens PostgreSQL and migrates it', async () => {
    const pg = await freshPostgres();
    const db = await openDatabase({ databaseUrl: pg.temp.url, dataDir: '/nonexistent' });
    cleanups.push(() => db.close());
    expect(db.kind).toBe('postgres');
    expect((await db.query("SELECT to_regclass('public.api_keys') IS NOT NULL AS ok")).rows).toEqual([{ ok: true }]);
  });

  it('without DATABASE_URL: PGlite under <dataDir>/pglite, migrated once, data kept across reopen', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'arbiter-data-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    // served on a private Unix socket in <dataDir>/pglite.run (0700), never on TCP
    expect(first.url).toBe(`postgresql://postgres@${encodeURIComponent(join(dataDir, 'pglite.run'))}/postgres?sslmode=disable`);
    await first.query("INSERT INTO api_keys (name, key_hash) VALUES ('kept', repeat('a', 64))");
    const applied = (await first.query('SELECT count(*)::int AS n FROM _prisma_migrations')).rows;
    await first.close();

    const second = await openDatabase({ dataDir });
    cleanups.push(() => second.close());
    expect((await second.query('SELECT name FROM api_keys')).rows).toEqual([{ name: 'kept' }]);
    expect((await second.query('SELECT count(*)::int AS n FROM _prisma_migrations')).rows).toEqual(applied);
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(dataDir)).sort()).toEqual(['pglite', 'pglite.run']); // data + the owner's lock and socket
  });
});
