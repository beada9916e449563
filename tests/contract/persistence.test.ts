/**
 * One persistence story (issue 23 point 8): the process opens one connection pool, the `Database`'s
 * `pg.Pool`, and the Prisma client of the plain stores (keys, simulations, receipt keys, blind
 * rolls, rosters, catalogs) runs on it beside the event store's hand-written SQL. Its errors are
 * pg's (SQLSTATE `code`, the server's message), and on the served database it answers as the SQL
 * does (refused before ready). Every database target (PGlite always, PostgreSQL with DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/app/ports.js';
import { ConnectingDatabase, DatabaseUnavailable } from '../../src/infra/database/index.js';
import { poolDatabaseOf } from '../../src/infra/database/pool.js';
import { SqlEventStore } from '../../src/infra/event-store/index.js';
import { apiKeyStore } from '../../src/infra/keys.js';
import { sqlBlindRollStore } from '../../src/infra/blind-roll-store.js';
import { prismaFor } from '../../src/infra/prisma/client.js';
import { SqlSimulationStore } from '../../src/infra/simulation-store.js';
import { databaseTargets } from '../helpers/database.js';

for (const target of databaseTargets()) {
  describe(`one pool for SQL and Prisma on ${target.name}`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await target.open();
    });
    afterAll(async () => db?.close());

    it('the Prisma client queries and transacts through the Database’s own pg.Pool', async () => {
      const pool = poolDatabaseOf(db)!.pool;
      expect(pool).toBeDefined();
      const calls = { query: 0, connect: 0 };
      const [query, connect] = [pool.query, pool.connect];
      pool.query = ((...args: Parameters<typeof query>) => (calls.query++, query.apply(pool, args))) as typeof query;
      pool.connect = ((...args: Parameters<typeof connect>) => (calls.connect++, connect.apply(pool, args))) as typeof connect;
      try {
        const keys = apiKeyStore(db);
        const created = await keys.create('one pool');
        expect(await keys.resolve(created.key)).toEqual({ id: created.id, name: 'one pool' });
        expect(calls.query).toBeGreaterThanOrEqual(2);
        const sims = new SqlSimulationStore(db);
        const before = calls.connect;
        const id = randomUUID();
        await sims.reserve({ id, apiKeyId: created.id, kind: 'eden.melee', request: {}, iterations: 10, seed: 's', seeded: false, fingerprint: 'f'.repeat(64) }, 5);
        expect(calls.connect).toBeGreaterThan(before); // the interactive transaction's connection
        expect((await sims.find(id))?.status).toBe('queued');
      } finally {
        pool.query = query;
        pool.connect = connect;
      }
    });

    it('keys, simulations and the event store at once never open a connection outside it', async () => {
      const pool = poolDatabaseOf(db)!.pool;
      const keys = apiKeyStore(db);
      const events = new SqlEventStore(db);
      const sims = new SqlSimulationStore(db);
      const owner = `pool-${randomUUID()}`;
      await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          const key = await keys.create(`k${i}`);
          await keys.resolve(key.key);
          const match = await events.createMatch({ id: randomUUID(), ownerId: owner, game: 'eden', players: [], options: {} });
          await events.append(owner, match.id, 0, [{ type: 'a', data: { i } }]);
          await sims.reserve(
            { id: randomUUID(), apiKeyId: owner, kind: 'eden.melee', request: { i }, iterations: 10, seed: 's', seeded: false, fingerprint: `${i}`.padEnd(64, '0') },
            100,
          );
        }),
      );
      expect(pool.totalCount).toBeGreaterThan(0);
      expect(pool.totalCount).toBeLessThanOrEqual(pool.options.max);
      if (target.name === 'postgres') {
        // every session on this test's own database is one of the pool's (the query holds one of them)
        const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()');
        expect(rows[0]!.n).toBe(pool.totalCount);
      }
    });

    it('throws what the server answered as pg does: SQLSTATE code and message', async () => {
      const rolls = sqlBlindRollStore(db);
      const roll = { id: randomUUID(), notation: '1d6', repeat: null, serverSeed: 's', commitment: 'c', createdAt: 0, expiresAt: 1 };
      await rolls.create(roll);
      await expect(rolls.create(roll)).rejects.toMatchObject({
        name: 'DatabaseError',
        code: '23505',
        message: expect.stringMatching(/^duplicate key value violates unique constraint "blind_rolls_pkey"/),
      });
      await expect(prismaFor(db).apiKey.findUnique({ where: { id: 'not-a-uuid' } })).rejects.toMatchObject({ code: '22P02', message: expect.stringMatching(/uuid/) });
    });

    it('on the served database, the Prisma client waits for ready as the SQL does, on the same pool', async () => {
      const owner = poolDatabaseOf(db)!;
      const served = new ConnectingDatabase(owner, { minDelayMs: 10_000 });
      expect(poolDatabaseOf(served)).toBe(owner);
      await expect(prismaFor(served).apiKey.count()).rejects.toBeInstanceOf(DatabaseUnavailable);
      await served.ready;
      expect(await prismaFor(served).apiKey.count()).toBeGreaterThanOrEqual(0);
    });
  });
}
