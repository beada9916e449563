/**
 * One Prisma client per `Database`, on the database's own `pg.Pool` (`PoolDatabase.pool`, through
 * `@prisma/adapter-pg`): the process opens one pool, and the hand-written SQL and the Prisma client
 * share its connections, its connect timeout (CONNECT_TIMEOUT_MS) and its size. The client is
 * disconnected before the pool ends (`onClose`), and ending the pool stays the database's job.
 *
 * Every operation runs as the database runs its own (`serveOn`): on the served database, refused
 * with `DatabaseUnavailable` before it is ready, a lost connection is `DatabaseUnavailable`, and
 * it counts for the outage state (logged once per outage: ../outage.ts). An error the server
 * answered is thrown as pg throws it (`code` the SQLSTATE, `message` the server's), so a store on
 * Prisma fails as its SQL twin did (23505 "duplicate key value…", 22P02 "invalid input syntax…").
 */
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Database } from '../../app/ports.js';
import { Prisma, PrismaClient } from './generated/client.js';
import { onDatabaseClose, poolDatabaseOf, QuickConnectClient, serveOn } from '../database/pool.js';

export { Prisma };
export type { PrismaClient };

/** What `$transaction(async (tx) => …)` passes. */
export type PrismaTransaction = Prisma.TransactionClient;

/**
 * Interactive transactions wait for a pooled connection as long as `Database.transaction` does
 * (10 s: load, not outage) and are not cut short by Prisma's 5 s default (an advisory lock may be
 * waited for under load); the SQL transactions they replace had no limit either.
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 60_000 };

/** Clients by the pool they run on (one per pool), and by the `Database` they serve. */
const onPool = new WeakMap<pg.Pool, PrismaClient>();
const clients = new WeakMap<Database, PrismaClient>();

const quiet = { onPoolError: () => {}, onConnectionError: () => {} };

function clientOnPool(pool: pg.Pool): PrismaClient {
  let client = onPool.get(pool);
  if (!client) {
    // an external pool: `$disconnect` detaches the client from it, it never ends it
    client = new PrismaClient({ adapter: new PrismaPg(pool, quiet), errorFormat: 'minimal', transactionOptions: TRANSACTION_OPTIONS });
    onPool.set(pool, client);
  }
  return client;
}

/**
 * The client under `database`: on its `PoolDatabase`'s pool, disconnected before that pool ends.
 * A `Database` of another kind (a test's hand-made wrapper) has no pool to lend: its client gets a
 * small pool of its own on `url`, ended with it when it has close hooks.
 */
function baseClient(database: Database): PrismaClient {
  const owner = poolDatabaseOf(database);
  if (owner) {
    const known = onPool.has(owner.pool);
    const client = clientOnPool(owner.pool);
    if (!known)
      owner.onClose(async () => {
        onPool.delete(owner.pool);
        await client.$disconnect();
      });
    return client;
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 4, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000, Client: QuickConnectClient });
  pool.on('error', () => {});
  const client = clientOnPool(pool);
  onDatabaseClose(database, async () => {
    await client.$disconnect();
    await pool.end();
  });
  return client;
}

interface AdapterErrorCause {
  originalCode?: unknown;
  originalMessage?: unknown;
  detail?: unknown;
  table?: unknown;
  constraint?: { index?: unknown; fields?: unknown } | unknown;
}

/**
 * An error the server answered (a Prisma error carrying the driver adapter's SQLSTATE), as pg
 * throws it: `code` is the SQLSTATE, `message` the server's own; the Prisma error is its `cause`.
 * Anything else (validation of the arguments, connection failures) is left as it is.
 */
function asDatabaseError(error: unknown): unknown {
  const cause = (error as { meta?: { driverAdapterError?: { cause?: AdapterErrorCause } } } | null)?.meta?.driverAdapterError?.cause;
  if (!cause || typeof cause.originalCode !== 'string') return error;
  const constraint = cause.constraint as { index?: unknown } | undefined;
  return Object.assign(new Error(typeof cause.originalMessage === 'string' ? cause.originalMessage : `database error ${cause.originalCode}`, { cause: error }), {
    name: 'DatabaseError',
    code: cause.originalCode,
    ...(typeof cause.detail === 'string' ? { detail: cause.detail } : {}),
    ...(typeof cause.table === 'string' ? { table: cause.table } : {}),
    ...(typeof constraint?.index === 'string' ? { constraint: constraint.index } : {}),
  });
}

export function prismaFor(database: Database): PrismaClient {
  let client = clients.get(database);
  if (!client) {
    const served = baseClient(database).$extends({
      query: {
        $allOperations: ({ args, query }) =>
          serveOn(database, async () => {
            try {
              return await query(args);
            } catch (error) {
              throw asDatabaseError(error);
            }
          }),
      },
    }) as unknown as PrismaClient;
    client = served;
    clients.set(database, served);
  }
  return client;
}
