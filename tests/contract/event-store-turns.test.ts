/**
 * What one serialized turn (a match command's read → decide → append) sends to each database
 * (src/infra/event-store/index.ts): on PostgreSQL the match's advisory lock and a savepoint around
 * the append, so that a refused INSERT leaves the transaction usable; on PGlite, whose open
 * transaction already excludes every other, neither — and a writer behind the stream is still
 * refused with VersionConflict inside the turn, its transaction still usable, nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Database, SqlClient } from '../../src/app/ports.js';
import { VersionConflict } from '../../src/app/matches/errors.js';
import { SqlEventStore } from '../../src/infra/event-store/index.js';
import { databaseTargets } from '../helpers/database.js';

const owner = 'key-turns';

/** `db` with every statement it is sent (first words) written to `log`. */
function recording(db: Database, log: string[]): Database {
  const note = (text: unknown) => log.push(String(text).trim().split(/\s+/).slice(0, 2).join(' '));
  const client = (c: SqlClient): SqlClient => ({
    query: ((text: string, ...rest: unknown[]) => {
      note(text);
      return (c.query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as SqlClient['query'],
  });
  return Object.assign(Object.create(db) as Database, {
    ...client(db),
    transaction: <T>(fn: (tx: SqlClient) => Promise<T>) =>
      db.transaction((tx) => {
        log.push('BEGIN');
        return fn(client(tx)).then((r) => (log.push('COMMIT'), r));
      }),
  });
}

for (const target of databaseTargets()) {
  describe(`serialized turns on ${target.name}`, () => {
    let db: Database;
    let store: SqlEventStore;
    const log: string[] = [];
    beforeAll(async () => {
      db = await target.open();
      store = SqlEventStore.over(recording(db, log));
    });
    afterAll(async () => db?.close());

    it('a turn reads the match and appends in one transaction: the lock and a savepoint on PostgreSQL only', async () => {
      const m = await store.createMatch({ id: randomUUID(), ownerId: owner, game: 'eden', players: [], options: {} });
      log.length = 0;
      const version = await store.serialized(m.id, async (s) => s.append(owner, m.id, (await s.getMatch(owner, m.id))!.version, [{ type: 'turn', data: {} }]));
      expect(version.version).toBe(1);
      const postgres = db.kind === 'postgres';
      expect(log).toEqual([
        'BEGIN',
        ...(postgres ? ["SELECT pg_advisory_xact_lock(hashtext('match:'"] : []),
        'SELECT m.id::text',
        ...(postgres ? ['SAVEPOINT event_store_append'] : []),
        'INSERT INTO',
        'COMMIT',
      ]);
    });

    it('an append turn: on PGlite written only through this handle, the append alone (no transaction); elsewhere a serialized turn', async () => {
      const m = await store.createMatch({ id: randomUUID(), ownerId: owner, game: 'eden', players: [], options: {} });
      log.length = 0;
      const kept: number[] = [];
      const appended = await store.appendTurn(
        m.id,
        async (s) => (await s.append(owner, m.id, 0, [{ type: 'turn', data: {} }])).version,
        (v) => kept.push(v),
      );
      expect([appended, kept]).toEqual([1, [1]]);
      const alone = db.kind === 'pglite' && db.soleWriter === true;
      expect(log).toEqual(
        alone
          ? ['INSERT INTO']
          : ['BEGIN', ...(db.kind === 'postgres' ? ["SELECT pg_advisory_xact_lock(hashtext('match:'", 'SAVEPOINT event_store_append'] : []), 'INSERT INTO', 'COMMIT'],
      );
      // a writer behind the stream is refused by the append itself, nothing written, the turn usable
      await store.append(owner, m.id, 1, [{ type: 'elsewhere', data: {} }]);
      const stale = await store.appendTurn(m.id, (s) => s.append(owner, m.id, 1, [{ type: 'stale', data: {} }])).catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(VersionConflict);
      expect((stale as VersionConflict).currentVersion).toBe(2);
      expect((await store.read(owner, m.id)).map((e) => e.type)).toEqual(['turn', 'elsewhere']);
      // 16 concurrent turns on the match, each reading then appending: they take turns, none conflicts
      const versions = await Promise.all(
        Array.from({ length: 16 }, () =>
          store.appendTurn(m.id, async (s) => (await s.append(owner, m.id, (await s.getMatch(owner, m.id))!.version, [{ type: 'queued', data: {} }])).version),
        ),
      );
      expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 3));
    });

    it('a writer behind the stream inside a turn gets VersionConflict with the current version; the turn goes on and appends at it', async () => {
      const m = await store.createMatch({ id: randomUUID(), ownerId: owner, game: 'eden', players: [], options: {} });
      await store.append(owner, m.id, 0, [{ type: 'first', data: {} }]);
      await store.append(owner, m.id, 1, [{ type: 'second', data: {} }]);
      const appended = await store.serialized(m.id, async (s) => {
        const stale = await s.append(owner, m.id, 1, [{ type: 'stale', data: {} }]).catch((e: unknown) => e);
        expect(stale).toBeInstanceOf(VersionConflict);
        expect((stale as VersionConflict).currentVersion).toBe(2);
        return s.append(owner, m.id, (stale as VersionConflict).currentVersion, [{ type: 'again', data: {} }]);
      });
      expect(appended.version).toBe(3);
      expect((await store.read(owner, m.id)).map((e) => e.type)).toEqual(['first', 'second', 'again']);
    });
  });
}
