/**
 * One Prisma client per `Database`, connected through `@prisma/adapter-pg` to `Database.url`
 * (PostgreSQL, or PGlite's local socket server) and disconnected when the database closes. Its
 * connections give up connecting after CONNECT_TIMEOUT_MS, and how each of its operations went
 * counts for the database's outage state (logged once per outage: ../outage.ts).
 */
import type { Database } from '../../app/ports.js';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client.js';
import { observeDatabase, onDatabaseClose, QuickConnectClient } from '../database/pool.js';

export type { PrismaClient };

const clients = new WeakMap<Database, PrismaClient>();

export function prismaFor(database: Database): PrismaClient {
  let client = clients.get(database);
  if (!client) {
    const adapter = new PrismaPg(
      { connectionString: database.url, max: 4, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000, Client: QuickConnectClient },
      // A dropped idle connection must not crash the process; the next query reconnects.
      { onPoolError: () => {}, onConnectionError: () => {} },
    );
    const created = new PrismaClient({ adapter });
    const observed = created.$extends({
      query: {
        async $allOperations({ args, query }) {
          try {
            const result = await query(args);
            observeDatabase(database);
            return result;
          } catch (error) {
            observeDatabase(database, error);
            throw error;
          }
        },
      },
    }) as unknown as PrismaClient;
    client = observed;
    clients.set(database, observed);
    onDatabaseClose(database, async () => {
      clients.delete(database);
      await created.$disconnect();
    });
  }
  return client;
}
