/** Contract suite for the Database port, run against every implementation (tests/helpers/database.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/app/ports.js';
import { databaseTargets } from '../helpers/database.js';

for (const target of databaseTargets()) {
  describe(`Database contract: ${target.name}`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await target.open();
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
