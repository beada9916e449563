/**
 * One Prisma client per `Database`, connected through `@prisma/adapter-pg` to `Database.url`
 * (PostgreSQL, or PGlite's local socket server) and disconnected when the database closes.
 */
import type { Database } from '../../app/ports.js';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client.js';
import { onDatabaseClose } from '../database/pool.js';

export type { PrismaClient };

const clients = new WeakMap<Database, PrismaClient>();

export function prismaFor(database: Database): PrismaClient {
  let client = clients.get(database);
  if (!client) {
    const adapter = new PrismaPg(
      { connectionString: database.url, max: 4, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 },
      // A dropped idle connection must not crash the process; the next query reconnects.
      { onPoolError: () => {}, onConnectionError: () => {} },
    );
    const created = new PrismaClient({ adapter });
    client = created;
    clients.set(database, created);
    onDatabaseClose(database, async () => {
      clients.delete(database);
      await created.$disconnect();
    });
  }
  return client;
}
