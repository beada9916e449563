/**
 * The start-up warm-up of the event store (src/infra/warm-storage.ts) writes nothing: its match and
 * event are rolled back, and the store works as before afterwards (on every database target).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/app/ports.js';
import { SqlEventStore } from '../../src/infra/event-store/index.js';
import { warmStorage } from '../../src/infra/warm-storage.js';
import { databaseTargets } from '../helpers/database.js';

const count = async (db: Database, table: string) => Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0]!.n);

for (const target of databaseTargets()) {
  describe(`warmStorage (${target.name})`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await target.open();
    });
    afterAll(() => db.close());

    it('leaves no match, no event and no open transaction behind', async () => {
      const before = { matches: await count(db, 'matches'), events: await count(db, 'match_events') };
      await warmStorage(db);
      await warmStorage(db); // twice: nothing accumulates, nothing clashes
      expect({ matches: await count(db, 'matches'), events: await count(db, 'match_events') }).toEqual(before);
      const store = SqlEventStore.over(db);
      const match = await store.createMatch({ id: crypto.randomUUID(), ownerId: 'k', game: 'eden', players: [{ id: 'p1', name: 'A' }], options: {} });
      expect((await store.append('k', match.id, 0, [{ type: 'note', data: { n: 1 } }])).version).toBe(1);
      expect(await count(db, 'matches')).toBe(before.matches + 1);
    });

    it('never throws, even when the database is closed', async () => {
      const closed = await target.open();
      await closed.close();
      await expect(warmStorage(closed)).resolves.toBeUndefined();
    });
  });
}
