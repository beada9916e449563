/**
 * Contract suite for the Database port, run against every implementation (tests/helpers/database.ts);
 * then the embedded database's single owner and private socket, and the retrying PostgreSQL start.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/app/ports.js';
import { ConnectingDatabase, DataDirLocked, DatabaseUnavailable, NoEmbeddedOwner, PoolDatabase, connectEmbedded, startPglite } from '../../src/infra/database/index.js';
import { findEmbeddedDatabase } from '../../src/infra/database/endpoint.js';
import { isTransientConnectionError } from '../../src/infra/database/connecting.js';
import { databaseTargets, testTemplateDir } from '../helpers/database.js';

for (const target of databaseTargets()) {
  describe(`Database contract: ${target.name}`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await target.open();
      await db.query('DROP TABLE IF EXISTS contract_items');
      await db.query('CREATE TABLE contract_items (id INT PRIMARY KEY, label TEXT NOT NULL)');
    });
    afterAll(async () => {
      await db?.close();
    });

    it('reports its kind and a connection url that pg clients can use', () => {
      expect(db.kind).toBe(target.name);
      expect(db.url).toMatch(/^postgres(ql)?:\/\//);
    });

    it('answers ping', async () => {
      await expect(db.ping()).resolves.toBeUndefined();
    });

    it('runs queries with positional parameters and returns rows and rowCount', async () => {
      const ins = await db.query('INSERT INTO contract_items (id, label) VALUES ($1, $2), ($3, $4)', [1, 'one', 2, "it's two"]);
      expect(ins.rowCount).toBe(2);
      const sel = await db.query<{ id: number; label: string }>('SELECT id, label FROM contract_items WHERE id >= $1 ORDER BY id', [1]);
      expect(sel.rows).toEqual([
        { id: 1, label: 'one' },
        { id: 2, label: "it's two" },
      ]);
      expect(sel.rowCount).toBe(2);
    });

    it('maps jsonb, timestamptz and null parameters', async () => {
      const { rows } = await db.query<{ j: unknown; t: Date; n: null }>('SELECT $1::jsonb AS j, $2::timestamptz AS t, $3::text AS n', [
        JSON.stringify({ a: [1, 2] }),
        '2026-11-25T10:00:00Z',
        null,
      ]);
      expect(rows[0]!.j).toEqual({ a: [1, 2] });
      expect(rows[0]!.t).toBeInstanceOf(Date);
      expect(rows[0]!.t.toISOString()).toBe('2026-11-25T10:00:00.000Z');
      expect(rows[0]!.n).toBeNull();
    });

    it('rejects SQL errors with the database error (and stays usable)', async () => {
      await expect(db.query('INSERT INTO contract_items (id, label) VALUES (1, $1)', ['dup'])).rejects.toMatchObject({ code: '23505' });
      await expect(db.query('SELECT nope FROM nowhere')).rejects.toThrow();
      expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });

    it('commits a transaction and returns its value', async () => {
      const value = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [10, 'ten']);
        await tx.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [11, 'eleven']);
        return 'done';
      });
      expect(value).toBe('done');
      const { rows } = await db.query('SELECT id FROM contract_items WHERE id IN (10, 11) ORDER BY id');
      expect(rows).toEqual([{ id: 10 }, { id: 11 }]);
    });

    it('rolls back everything when the function throws, and rethrows', async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [20, 'twenty']);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [21, 'twenty-one']);
          await tx.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [21, 'again']); // duplicate key
        }),
      ).rejects.toMatchObject({ code: '23505' });
      const { rows } = await db.query('SELECT id FROM contract_items WHERE id IN (20, 21)');
      expect(rows).toEqual([]);
    });

    it('isolates an open transaction from queries outside it', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const insertedP = new Promise<void>((r) => (inserted = r));
      const tx = db.transaction(async (t) => {
        await t.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [30, 'thirty']);
        inserted();
        await gate;
        throw new Error('abort');
      });
      await insertedP;
      // Outside the transaction the row is not visible (PostgreSQL: other snapshot; PGlite: the
      // query waits for the transaction to end). Either way it must not see an uncommitted row.
      const outside = db.query('SELECT count(*)::int AS n FROM contract_items WHERE id = 30');
      release();
      await expect(tx).rejects.toThrow('abort');
      expect((await outside).rows).toEqual([{ n: 0 }]);
    });

    it('keeps concurrent transactions and queries consistent', async () => {
      await db.query('CREATE TABLE contract_counter (id INT PRIMARY KEY, n INT NOT NULL)');
      await db.query('INSERT INTO contract_counter VALUES (1, 0)');
      const workers = Array.from({ length: 12 }, (_, i) =>
        db.transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>('SELECT n FROM contract_counter WHERE id = 1 FOR UPDATE');
          await tx.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [100 + i, `w${i}`]);
          await tx.query('UPDATE contract_counter SET n = $1 WHERE id = 1', [rows[0]!.n + 1]);
          if (i % 4 === 3) throw new Error('rolled back on purpose');
          return i;
        }),
      );
      const reads = Array.from({ length: 12 }, (_, i) => db.query<{ v: number }>('SELECT $1::int AS v', [i]));
      const settled = await Promise.allSettled(workers);
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(9);
      expect((await Promise.all(reads)).map((r) => r.rows[0]!.v)).toEqual([...Array(12).keys()]);
      const { rows } = await db.query<{ n: number }>('SELECT n FROM contract_counter WHERE id = 1');
      expect(rows[0]!.n).toBe(9);
      const items = await db.query('SELECT id FROM contract_items WHERE id >= 100');
      expect(items.rowCount).toBe(9);
    });

    it('has the migrations applied', async () => {
      const { rows } = await db.query<{ migration_name: string }>('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL');
      expect(rows.map((r) => r.migration_name)).toContain('20261125000000_init');
    });
  });
}

describe('embedded database ownership (PGlite with a data directory)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'arbiter-lock-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('has one owner: a second opener gets DataDirLocked; clients reach it through the published private socket', async () => {
    const dataDir = join(dir, 'one');
    await expect(findEmbeddedDatabase(dataDir, 0)).rejects.toBeInstanceOf(NoEmbeddedOwner);
    const owner = await startPglite({ dataDir, template: await testTemplateDir() });
    try {
      await expect(startPglite({ dataDir })).rejects.toBeInstanceOf(DataDirLocked);
      await expect(startPglite({ dataDir })).rejects.toThrow(`is already open by process ${process.pid}`);
      expect(owner.url).toBe(`postgresql://postgres@${encodeURIComponent(`${dataDir}.run`)}/postgres?sslmode=disable`);
      expect((await stat(`${dataDir}.run`)).mode & 0o777).toBe(0o700);
      expect(await findEmbeddedDatabase(dataDir, 0)).toBe(owner.url);
      const client = await connectEmbedded(dataDir);
      try {
        await client.query("INSERT INTO api_keys (name, key_hash) VALUES ('from-client', repeat('c', 64))");
      } finally {
        await client.close();
      }
      expect((await owner.query("SELECT count(*)::int AS n FROM api_keys WHERE name = 'from-client'")).rows).toEqual([{ n: 1 }]);
    } finally {
      await owner.close();
    }
    // closing releases the directory: the next opener is the owner
    await expect(stat(`${dataDir}.run`)).rejects.toMatchObject({ code: 'ENOENT' });
    const next = await startPglite({ dataDir });
    await next.close();
  });

  it('takes over the lock of an owner that is gone (kill -9), at once', async () => {
    const dataDir = join(dir, 'stale');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    await mkdir(`${dataDir}.run`, { recursive: true, mode: 0o700 });
    await writeFile(`${dataDir}.run/owner.json`, JSON.stringify({ pid: Number(dead.stdout), host: hostname(), startedAt: '2026-01-01T00:00:00Z' }));
    await writeFile(`${dataDir}.run/.s.PGSQL.5432`, ''); // a leftover socket file
    await expect(findEmbeddedDatabase(dataDir, 0)).rejects.toThrow('that owned it is gone');
    const db = await startPglite({ dataDir, template: await testTemplateDir() });
    try {
      expect(await findEmbeddedDatabase(dataDir, 0)).toBe(db.url);
      await expect(db.ping()).resolves.toBeUndefined();
    } finally {
      await db.close();
    }
  });
});

describe('PostgreSQL that refuses connections (ConnectingDatabase)', () => {
  it('classifies refusals and "too many connections" as transient, other errors as fatal', () => {
    expect(isTransientConnectionError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransientConnectionError(Object.assign(new Error('sorry, too many clients already'), { code: '53300' }))).toBe(true);
    expect(isTransientConnectionError(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isTransientConnectionError(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isTransientConnectionError(Object.assign(new Error('password authentication failed'), { code: '28P01' }))).toBe(false);
    expect(isTransientConnectionError(Object.assign(new Error('database "x" does not exist'), { code: '3D000' }))).toBe(false);
  });

  it('answers "unavailable" and 503 errors while it retries, and stops retrying on close', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    const db = new ConnectingDatabase(new PoolDatabase({ kind: 'postgres', url: `postgresql://postgres@127.0.0.1:${port}/postgres`, max: 2 }), { minDelayMs: 20, maxDelayMs: 50 });
    await new Promise((r) => setTimeout(r, 200)); // several attempts
    await expect(db.ping()).rejects.toThrow('unavailable');
    await expect(db.query('SELECT 1')).rejects.toMatchObject({ name: 'DatabaseUnavailable', statusCode: 503, retryAfter: 5 });
    await expect(db.transaction(async () => 1)).rejects.toBeInstanceOf(DatabaseUnavailable);
    await db.close();
    await expect(db.ready).rejects.toThrow('closed');
  });
});
