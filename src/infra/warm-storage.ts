/**
 * Start-up warm-up of the event store (server.ts, beside the routes' warm-up in src/http/warm-up.ts):
 * a match created, an event appended and both read back, all in one transaction that is then
 * rolled back. The database has parsed and planned those statements and loaded the tables'
 * catalog entries, and this process has compiled the code that runs them, so the first client
 * who creates a match or appends does not pay for it. Nothing is kept and nothing is announced
 * (appends are announced after their transaction commits, by the service, not by the store).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../app/ports.js';
import { SqlEventStore } from './event-store/index.js';

class RollBack extends Error {}

/** Never throws: a warm-up that fails leaves the first request to pay, nothing worse. */
export async function warmStorage(database: Database): Promise<void> {
  await database
    .transaction(async (tx) => {
      // the store's own statements (named and prepared on PostgreSQL, as in service), inside this transaction
      const store = new SqlEventStore({ query: tx.query.bind(tx), transaction: (fn) => fn(tx) }, true, { prepared: database.kind === 'postgres' });
      const owner = 'warm-up';
      const match = await store.createMatch({ id: randomUUID(), ownerId: owner, game: 'eden', players: [{ id: 'p1', name: 'warm-up' }], options: {} });
      await store.append(owner, match.id, 0, [{ type: 'warm_up', data: {} }]);
      await store.getMatch(owner, match.id);
      await store.read(owner, match.id);
      throw new RollBack();
    })
    .catch(() => undefined);
}
