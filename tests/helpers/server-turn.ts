/**
 * One file at a time on the machine's real PostgreSQL server, whatever the worker: the files that
 * race many writers or connections there (the event store's race, the migrator's concurrent
 * start-ups, a server refusing connections) take a session-level advisory lock before their first
 * test and release it after their last, so two of them never share the server's connection limit
 * and snapshot horizon, while every other file runs beside them. A file whose worker dies releases
 * the lock with its connection. Without a reachable server there is nothing to share: no lock.
 */
import pg from 'pg';
import { LOCAL_POSTGRES_URL } from './database.js';

/** An arbitrary key of this project's own. */
const LOCK_KEY = 0x41_72_62_69;

/** Waits for the server's turn; resolves with the function that gives it back. */
export async function exclusiveServerTurn(): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL ?? LOCAL_POSTGRES_URL, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch {
    return async () => {};
  }
  client.on('error', () => {});
  await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
  return async () => {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  };
}
