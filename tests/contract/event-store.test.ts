/**
 * Event-store contract (CONTRACT §5): one suite run against every implementation — the in-memory
 * store, the SQL store on embedded PGlite, and the SQL store on a fresh PostgreSQL database when
 * DATABASE_URL is set — plus proofs that only make sense on a real server (SQL only: 64 writers on
 * 64 connections, a SIGKILLed writer process, a transaction held open across the global feed's
 * snapshot horizon, one match's serialized turns from two pools) against a fresh database on DATABASE_URL or 127.0.0.1:5432.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Database } from '../../src/app/ports.js';
import type { EventStore, ListKey, MatchListEntry } from '../../src/app/matches/ports.js';
import { compareListKeys } from '../../src/app/matches/ports.js';
import { VersionConflict } from '../../src/app/matches/errors.js';
import { InvalidInput, NotFound, RuleViolation } from '../../src/kernel/errors.js';
import { SqlEventStore } from '../../src/infra/event-store/index.js';
import { MemoryEventStore } from '../../src/infra/event-store/memory.js';
import { PoolDatabase } from '../../src/infra/database/pool.js';
import { migrate } from '../../src/infra/migrator.js';
import { databaseTargets, createTempPostgresDatabase } from '../helpers/database.js';
import { exclusiveServerTurn } from '../helpers/server-turn.js';

// one file at a time on the real PostgreSQL server (tests/helpers/server-turn.ts)
let releaseServer: (() => Promise<void>) | undefined;
beforeAll(async () => {
  releaseServer = await exclusiveServerTurn();
});
afterAll(async () => releaseServer?.());

interface FreshPostgres {
  url: string;
  db: Database;
  drop(): Promise<void>;
}

/** A fresh, migrated database on the PostgreSQL server at DATABASE_URL or 127.0.0.1:5432. */
async function freshPostgres(max: number): Promise<FreshPostgres> {
  const temp = await createTempPostgresDatabase();
  // a race of `max` writers opens `max` connections at once: on a loaded machine (other files, busy
  // loops) that is load, not an outage, so they may take 10 s to connect (the service's default: 1.5 s)
  const db = new PoolDatabase({ kind: 'postgres', url: temp.url, max, connectTimeoutMs: 10_000 });
  await migrate(db);
  return {
    url: temp.url,
    db,
    drop: async () => {
      await db.close();
      await temp.drop();
    },
  };
}

const owner = 'key-a';
const other = 'key-b';

async function newMatch(store: EventStore, ownerId = owner) {
  return store.createMatch({ id: randomUUID(), ownerId, game: 'eden', players: [{ id: 'A', name: 'Ana' }], options: {} });
}

interface StoreTarget {
  name: string;
  open(): Promise<{ store: EventStore; close(): Promise<void> }>;
}

/** Every implementation of the port: in memory, and the SQL store on every database target. */
const storeTargets: StoreTarget[] = [
  { name: 'memory', open: async () => ({ store: MemoryEventStore.create(), close: async () => {} }) },
  ...databaseTargets().map((target) => ({
    name: target.name,
    open: async () => {
      const db = await target.open();
      return { store: SqlEventStore.over(db), close: () => db.close() };
    },
  })),
];

for (const target of storeTargets) {
  describe(`event store on ${target.name}`, () => {
    let close: (() => Promise<void>) | undefined;
    let store: EventStore;
    beforeAll(async () => {
      ({ store, close } = await target.open());
    });
    afterAll(async () => close?.());

    it('creates a match at version 0 and numbers appended events 1..n without gaps', async () => {
      const m = await newMatch(store);
      expect(m.version).toBe(0);
      const first = await store.append(owner, m.id, 0, [
        { type: 'a', data: { n: 1 } },
        { type: 'b', data: { n: 2 } },
      ]);
      expect(first.version).toBe(2);
      expect(first.events.map((e) => e.version)).toEqual([1, 2]);
      const second = await store.append(owner, m.id, 2, [{ type: 'c', data: { n: 3 }, schemaVersion: 2, metadata: { by: 'x' } }]);
      expect(second.version).toBe(3);
      const all = await store.read(owner, m.id);
      expect(all.map((e) => [e.version, e.type, (e.data as { n: number }).n])).toEqual([
        [1, 'a', 1],
        [2, 'b', 2],
        [3, 'c', 3],
      ]);
      expect(all[2]!.schemaVersion).toBe(2);
      expect(all[2]!.metadata).toEqual({ by: 'x' });
      expect(Number.isNaN(Date.parse(all[0]!.recordedAt))).toBe(false);
      expect((await store.getMatch(owner, m.id))!.version).toBe(3);
      expect((await store.read(owner, m.id, { from: 2, limit: 1 })).map((e) => e.version)).toEqual([2]);
      expect((await store.read(owner, m.id, { from: 1, to: 2 })).map((e) => e.version)).toEqual([1, 2]);
    });

    it('refuses a wrong expectedVersion with the current version and appends nothing', async () => {
      const m = await newMatch(store);
      await store.append(owner, m.id, 0, [{ type: 'a', data: {} }]);
      for (const expected of [0, 2, 7]) {
        const error = await store.append(owner, m.id, expected, [{ type: 'x', data: {} }]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(VersionConflict);
        expect((error as VersionConflict).currentVersion).toBe(1);
        expect((error as VersionConflict).expectedVersion).toBe(expected);
      }
      expect((await store.read(owner, m.id)).length).toBe(1);
    });

    it('keeps tenants apart: another key sees no match, cannot append, reads nothing', async () => {
      const m = await newMatch(store);
      await store.append(owner, m.id, 0, [{ type: 'a', data: {} }]);
      expect(await store.getMatch(other, m.id)).toBeUndefined();
      await expect(store.append(other, m.id, 1, [{ type: 'x', data: {} }])).rejects.toBeInstanceOf(NotFound);
      expect(await store.read(other, m.id)).toEqual([]);
      expect((await store.readAll(other, null, 1000)).some((e) => e.matchId === m.id)).toBe(false);
      expect((await store.read(owner, m.id)).length).toBe(1);
      expect(await store.getMatch(owner, 'not-a-uuid')).toBeUndefined();
      await expect(store.append(owner, randomUUID(), 0, [])).rejects.toBeInstanceOf(NotFound);
    });

    it('keeps seat token generations per match and player; another key neither reads nor raises them (CONTRACT §8.1)', async () => {
      const m = await newMatch(store);
      expect(await store.seatGenerations(owner, m.id)).toEqual({});
      expect(await store.revokeSeat(owner, m.id, 'p1')).toBe(1);
      expect(await store.revokeSeat(owner, m.id, 'p1')).toBe(2);
      expect(await store.revokeSeat(owner, m.id, 'p2')).toBe(1);
      expect(await store.seatGenerations(owner, m.id)).toEqual({ p1: 2, p2: 1 });
      expect(await store.seatGenerations(other, m.id)).toBeUndefined();
      await expect(store.revokeSeat(other, m.id, 'p1')).rejects.toBeInstanceOf(NotFound);
      await expect(store.revokeSeat(owner, randomUUID(), 'p1')).rejects.toBeInstanceOf(NotFound);
      expect(await store.seatGenerations(owner, 'not-a-uuid')).toBeUndefined();
      // a revocation inside idempotent work that throws afterwards is undone
      await expect(
        store.idempotent(owner, { key: randomUUID(), hash: 'h' }, async (s) => {
          await s.revokeSeat(owner, m.id, 'p2');
          throw new Error('after the revocation');
        }),
      ).rejects.toThrow('after the revocation');
      expect(await store.seatGenerations(owner, m.id)).toEqual({ p1: 2, p2: 1 });
      expect((await store.getMatch(owner, m.id))!.version).toBe(0);
    });

    it('answers an idempotent retry with the first answer and appends nothing; another body → idempotency_key_reused', async () => {
      const m = await newMatch(store);
      const key = randomUUID();
      const work = (s: EventStore) => s.append(owner, m.id, 0, [{ type: 'a', data: { k: 1 } }]).then((r) => ({ status: 201, body: r }));
      const first = await store.idempotent(owner, { key, hash: 'h1' }, work);
      const again = await store.idempotent(owner, { key, hash: 'h1' }, work);
      expect(first.replayed).toBe(false);
      expect(again.replayed).toBe(true);
      expect(again.status).toBe(201);
      expect(again.body).toEqual(JSON.parse(JSON.stringify(first.body)));
      expect((await store.read(owner, m.id)).length).toBe(1);
      const reused = await store.idempotent(owner, { key, hash: 'h2' }, work).catch((e: unknown) => e);
      expect(reused).toBeInstanceOf(RuleViolation);
      expect((reused as RuleViolation).code).toBe('idempotency_key_reused');
      // The same key under another API key is another key.
      const m2 = await newMatch(store, other);
      const theirs = await store.idempotent(other, { key, hash: 'h1' }, (s) => s.append(other, m2.id, 0, [{ type: 'b', data: {} }]).then((r) => ({ status: 201, body: r })));
      expect(theirs.replayed).toBe(false);
      expect((await store.read(owner, m.id)).length).toBe(1);
    });

    it('stores nothing for a key whose work failed, so the key can be retried', async () => {
      const m = await newMatch(store);
      const key = randomUUID();
      const failing = await store
        .idempotent(owner, { key, hash: 'h' }, (s) => s.append(owner, m.id, 5, [{ type: 'a', data: {} }]).then((r) => ({ status: 201, body: r })))
        .catch((e: unknown) => e);
      expect(failing).toBeInstanceOf(VersionConflict);
      const ok = await store.idempotent(owner, { key, hash: 'h' }, (s) => s.append(owner, m.id, 0, [{ type: 'a', data: {} }]).then((r) => ({ status: 201, body: r })));
      expect(ok.replayed).toBe(false);
      expect((await store.read(owner, m.id)).length).toBe(1);
    });

    it('rolls back a whole batch when any event of it cannot be stored (no partial append)', async () => {
      const m = await newMatch(store);
      // A type PostgreSQL cannot store (NUL byte in text) refuses the whole batch.
      const error = await store
        .append(owner, m.id, 0, [
          { type: 'ok', data: {} },
          { type: 'bad\u0000type', data: {} },
        ])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidInput);
      expect((error as InvalidInput).errors.map((p) => p.path)).toEqual(['/events/1/type']);
      expect((await store.getMatch(owner, m.id))!.version).toBe(0);
      expect(await store.read(owner, m.id)).toEqual([]);
    });

    it('lets exactly one of many concurrent writers win each version; retrying writers leave 1..n with no gaps or duplicates', async () => {
      const m = await newMatch(store);
      const writers = 64;
      const round = await Promise.allSettled(Array.from({ length: writers }, (_, w) => store.append(owner, m.id, 0, [{ type: 'w', data: { w } }])));
      expect(round.filter((r) => r.status === 'fulfilled').length).toBe(1);
      for (const r of round) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(VersionConflict);
      const results = await Promise.all(
        Array.from({ length: writers }, async (_, w) => {
          for (let attempt = 0; ; attempt++) {
            const current = (await store.getMatch(owner, m.id))!.version;
            try {
              return (await store.append(owner, m.id, current, [{ type: 'retry', data: { w } }])).version;
            } catch (e) {
              if (!(e instanceof VersionConflict) || attempt > 500) throw e;
            }
          }
        }),
      );
      const events = await store.read(owner, m.id);
      expect(events.map((e) => e.version)).toEqual(Array.from({ length: writers + 1 }, (_, i) => i + 1));
      expect(new Set(results).size).toBe(writers);
      const writersSeen = events
        .filter((e) => e.type === 'retry')
        .map((e) => (e.data as { w: number }).w)
        .sort((a, b) => a - b);
      expect(writersSeen).toEqual(Array.from({ length: writers }, (_, i) => i));
    });

    it('reads the global feed in commit-safe order across matches, resuming from a checkpoint', async () => {
      const a = await newMatch(store);
      const b = await newMatch(store);
      await store.append(owner, a.id, 0, [{ type: 'a1', data: {} }]);
      await store.append(owner, b.id, 0, [{ type: 'b1', data: {} }]);
      await store.append(owner, a.id, 1, [{ type: 'a2', data: {} }]);
      const feed = (await store.readAll(owner, null, 10_000)).filter((e) => e.matchId === a.id || e.matchId === b.id);
      expect(feed.map((e) => e.type)).toEqual(['a1', 'b1', 'a2']);
      const after = await store.readAll(owner, { transactionId: feed[1]!.transactionId, position: feed[1]!.position }, 10_000);
      expect(after.filter((e) => e.matchId === a.id || e.matchId === b.id).map((e) => e.type)).toEqual(['a2']);
    });

    it('answers a stale expectedVersion inside idempotent work with VersionConflict and the current version, storing nothing for the key', async () => {
      const m = await newMatch(store);
      await store.append(owner, m.id, 0, [
        { type: 'a', data: {} },
        { type: 'b', data: {} },
      ]);
      const key = randomUUID();
      const stale = (s: EventStore) => s.append(owner, m.id, 1, [{ type: 'x', data: {} }]).then((r) => ({ status: 201, body: r }));
      for (let i = 0; i < 2; i++) {
        // The same key after a 409 is still unused: the same request is decided again (409 again).
        const error = await store.idempotent(owner, { key, hash: 'h' }, stale).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(VersionConflict);
        expect((error as VersionConflict).currentVersion).toBe(2);
        expect((error as VersionConflict).expectedVersion).toBe(1);
      }
      // A corrected request under the same key succeeds and is the one remembered.
      const fixed = await store.idempotent(owner, { key, hash: 'h-fixed' }, (s) => s.append(owner, m.id, 2, [{ type: 'x', data: {} }]).then((r) => ({ status: 201, body: r })));
      expect(fixed.replayed).toBe(false);
      expect((await store.read(owner, m.id)).map((e) => e.type)).toEqual(['a', 'b', 'x']);
      const replay = await store.idempotent(owner, { key, hash: 'h-fixed' }, () => Promise.reject(new Error('not run again')));
      expect(replay).toMatchObject({ replayed: true, status: 201 });
    });

    it('keeps idempotent work usable after a refused append: it can read the current version and decide again', async () => {
      const m = await newMatch(store);
      await store.append(owner, m.id, 0, [{ type: 'a', data: {} }]);
      const answer = await store.idempotent(owner, { key: randomUUID(), hash: 'h' }, async (s) => {
        const refused = await s.append(owner, m.id, 0, [{ type: 'x', data: {} }]).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(VersionConflict);
        const current = (await s.getMatch(owner, m.id))!.version;
        const r = await s.append(owner, m.id, current, [{ type: 'x', data: { retried: true } }]);
        return { status: 201, body: { version: r.version } };
      });
      expect(answer.body).toEqual({ version: 2 });
      expect((await store.read(owner, m.id)).map((e) => e.data)).toEqual([{}, { retried: true }]);
    });

    it('rolls back the events idempotent work appended when the work throws afterwards', async () => {
      const m = await newMatch(store);
      const key = randomUUID();
      const error = await store
        .idempotent(owner, { key, hash: 'h' }, async (s) => {
          await s.append(owner, m.id, 0, [{ type: 'a', data: {} }]);
          await s.createMatch({ id: randomUUID(), ownerId: owner, game: 'eden', players: [], options: {} });
          throw new RuleViolation('late', 'refused after the append');
        })
        .catch((e: unknown) => e);
      expect((error as RuleViolation).code).toBe('late');
      expect(await store.read(owner, m.id)).toEqual([]);
      expect((await store.getMatch(owner, m.id))!.version).toBe(0);
      expect((await store.readAll(owner, null, 100_000)).some((e) => e.matchId === m.id)).toBe(false);
      const again = await store.idempotent(owner, { key, hash: 'h' }, (s) => s.append(owner, m.id, 0, [{ type: 'b', data: {} }]).then((r) => ({ status: 201, body: r.version })));
      expect(again).toEqual({ status: 201, body: 1, replayed: false });
    });

    it('32 concurrent idempotent writers, each with its own key, from a stale version: one winner per round, the others VersionConflict with the current version', async () => {
      const m = await newMatch(store);
      let version = 0;
      for (let round = 0; round < 3; round++) {
        const settled = await Promise.allSettled(
          Array.from({ length: 32 }, (_, w) =>
            store.idempotent(owner, { key: randomUUID(), hash: `h${w}` }, (s) =>
              s.append(owner, m.id, version, [{ type: 'w', data: { round, w } }]).then((r) => ({ status: 201, body: { version: r.version } })),
            ),
          ),
        );
        expect(settled.filter((r) => r.status === 'fulfilled').length).toBe(1);
        for (const r of settled) {
          if (r.status === 'fulfilled') continue;
          expect(r.reason).toBeInstanceOf(VersionConflict);
          expect((r.reason as VersionConflict).currentVersion).toBe(version + 1);
        }
        version += 1;
      }
      // Writers behind the stream (stale by two) are refused too.
      const behind = await store
        .idempotent(owner, { key: randomUUID(), hash: 'h' }, (s) => s.append(owner, m.id, 1, [{ type: 'x', data: {} }]).then(() => ({ status: 201, body: null })))
        .catch((e: unknown) => e);
      expect((behind as VersionConflict).currentVersion).toBe(3);
      expect((await store.read(owner, m.id)).map((e) => e.version)).toEqual([1, 2, 3]);
    });

    it('refuses NUL and unpaired surrogates anywhere it stores text with InvalidInput naming each JSON pointer; paired surrogates are kept', async () => {
      const problems = async (p: Promise<unknown>) => {
        const error = await p.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InvalidInput);
        return (error as InvalidInput).errors.map((e) => [e.path, e.code]);
      };
      expect(
        await problems(
          store.createMatch({
            id: randomUUID(),
            ownerId: owner,
            game: 'eden',
            players: [
              { id: 'A\u0000', name: 'Ana' },
              { id: 'B', name: 'Ben\ud800' },
            ],
            options: { 'k\udc00': true, ok: ['x', '\u0000'] },
          }),
        ),
      ).toEqual([
        ['/players/0/id', 'unstorable_text'],
        ['/players/1/name', 'unstorable_text'],
        ['/options/k\udc00', 'unstorable_text'],
        ['/options/ok/1', 'unstorable_text'],
      ]);
      const m = await newMatch(store);
      expect(
        await problems(
          store.append(owner, m.id, 0, [
            { type: 'ok', data: { a: [1, { 'b/c': 'x\ud83dy' }] } },
            { type: 'ok', data: {}, metadata: { by: '\u0000' } },
          ]),
        ),
      ).toEqual([
        ['/events/0/data/a/1/b~1c', 'unstorable_text'],
        ['/events/1/metadata/by', 'unstorable_text'],
      ]);
      expect(await problems(store.idempotent(owner, { key: 'k\u0000', hash: 'h' }, async () => ({ status: 200, body: null })))).toEqual([['/idempotency-key', 'unstorable_text']]);
      expect(await store.read(owner, m.id)).toEqual([]);
      const kept = await store.append(owner, m.id, 0, [{ type: 'ok', data: { name: 'Ana 😀 \u00e9', '😀': '\ud83d\ude00' } }]);
      expect(kept.version).toBe(1);
      expect((await store.read(owner, m.id))[0]!.data).toEqual({ name: 'Ana 😀 \u00e9', '😀': '😀' });
    });

    /** Every page of `ownerId`'s listing, `limit` at a time; `between` runs after each page. */
    async function allPages(ownerId: string, limit: number, between: () => Promise<unknown> = async () => {}, game?: string) {
      const seen: MatchListEntry[] = [];
      let after: ListKey | undefined;
      for (let page = 0; page < 100; page++) {
        const rows = await store.listMatches(ownerId, { game, after, limit });
        seen.push(...rows);
        if (rows.length < limit) return seen;
        after = rows.at(-1)!.key;
        await between();
      }
      throw new Error('the listing did not end');
    }

    const expectListingOrder = (rows: MatchListEntry[]) => {
      for (let i = 1; i < rows.length; i++) expect(compareListKeys(rows[i - 1]!.key, rows[i]!.key), `${i}`).toBeLessThan(0);
    };

    it('lists an owner’s matches newest first by (createdAt, id), with version and last change, never another owner’s (CONTRACT §8.2)', async () => {
      const [mine, theirs] = [`list-${randomUUID()}`, `list-${randomUUID()}`];
      const created: string[] = [];
      for (let i = 0; i < 5; i++) created.push((await newMatch(store, mine)).id);
      const anima = await store.createMatch({ id: randomUUID(), ownerId: mine, game: 'anima', players: [{ id: 'p1', name: 'Ana' }], options: { level: 1 } });
      created.push(anima.id);
      await newMatch(store, theirs);
      const played = await store.append(mine, created[1]!, 0, [
        { type: 'a', data: {} },
        { type: 'b', data: {} },
      ]);

      const rows = await store.listMatches(mine, { limit: 100 });
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(created));
      expectListingOrder(rows);
      // newest first: a later creation time is listed first; the key's time is the stored one, at full precision
      for (const r of rows) {
        expect(r.ownerId).toBe(mine);
        expect(r.key.id).toBe(r.id);
        expect(Date.parse(r.key.createdAt)).toBe(Date.parse(r.createdAt));
      }
      const times = rows.map((r) => r.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(created[1]!)).toMatchObject({ version: 2, updatedAt: played.events[1]!.recordedAt, game: 'eden', players: [{ id: 'A', name: 'Ana' }] });
      expect(byId.get(created[0]!)).toMatchObject({ version: 0, updatedAt: byId.get(created[0]!)!.createdAt });
      expect(byId.get(anima.id)).toMatchObject({ game: 'anima', options: { level: 1 }, version: 0 });

      expect((await store.listMatches(mine, { game: 'anima', limit: 100 })).map((r) => r.id)).toEqual([anima.id]);
      expect(await store.listMatches(mine, { game: 'exsilium', limit: 100 })).toEqual([]);
      expect((await store.listMatches(mine, { limit: 2 })).map((r) => r.id)).toEqual(rows.slice(0, 2).map((r) => r.id));
      expect((await store.listMatches(theirs, { limit: 100 })).every((r) => r.ownerId === theirs && !created.includes(r.id))).toBe(true);
      expect(await store.listMatches(`list-${randomUUID()}`, { limit: 100 })).toEqual([]);
    });

    it('pages after a key with no match repeated or skipped while matches are created between pages and during a read (CONTRACT §8.2)', async () => {
      const [mine, theirs] = [`list-${randomUUID()}`, `list-${randomUUID()}`];
      const existing: string[] = [];
      for (let i = 0; i < 11; i++) existing.push((await newMatch(store, mine)).id);
      const before = (await store.listMatches(mine, { limit: 100 })).map((r) => r.id);
      const added: string[] = [];
      const create = async () => {
        // one between pages, one racing the next page's read, and one of another owner
        added.push((await newMatch(store, mine)).id);
        await Promise.all([newMatch(store, mine).then((m) => added.push(m.id)), newMatch(store, theirs)]);
      };
      const seen = await allPages(mine, 3, create);
      const ids = seen.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.filter((id) => existing.includes(id))).toEqual(before);
      expect(ids.every((id) => existing.includes(id) || added.includes(id))).toBe(true);
      expectListingOrder(seen);
      // the game filter pages the same way
      expect((await allPages(mine, 4, async () => {}, 'eden')).map((r) => r.id)).toEqual((await store.listMatches(mine, { limit: 100 })).map((r) => r.id));
    });

    it('orders matches created at the same instant by id, and pages through them one at a time (CONTRACT §8.2)', async () => {
      const mine = `list-${randomUUID()}`;
      // created in one transaction: one creation time for all three
      const ids: string[] = [];
      await store.idempotent(mine, { key: 'same-instant', hash: 'h' }, async (tx) => {
        for (let i = 0; i < 3; i++) ids.push((await newMatch(tx, mine)).id);
        return { status: 201, body: null };
      });
      const rows = await store.listMatches(mine, { limit: 100 });
      expect(new Set(rows.map((r) => r.key.createdAt)).size).toBe(1);
      expect(rows.map((r) => r.id)).toEqual([...ids].sort().reverse());
      const one = await allPages(mine, 1);
      expect(one.map((r) => r.id)).toEqual(rows.map((r) => r.id));
      // after the last one: nothing; after a key older than every match: nothing either
      expect(await store.listMatches(mine, { after: rows.at(-1)!.key, limit: 10 })).toEqual([]);
      expect(await store.listMatches(mine, { after: { createdAt: '2000-01-01T00:00:00.000000Z', id: randomUUID() }, limit: 10 })).toEqual([]);
      // after a key newer than every match: all of them
      expect((await store.listMatches(mine, { after: { createdAt: '9999-01-01T00:00:00Z', id: randomUUID() }, limit: 10 })).map((r) => r.id)).toEqual(rows.map((r) => r.id));
    });

    it('serialized: 16 concurrent read → append works on one match take turns, none conflicts, versions 1..16 (however the id is spelled)', async () => {
      const m = await newMatch(store);
      const versions = await Promise.all(
        Array.from({ length: 16 }, (_, w) => {
          const id = w % 2 ? m.id.toUpperCase() : m.id;
          return store.serialized(id, async (s) => {
            const at = (await s.getMatch(owner, id))!.version;
            // a pause between the read and the append: another writer would slip in here
            await new Promise((r) => setTimeout(r, 1));
            return (await s.append(owner, id, at, [{ type: 'turn', data: { w } }])).version;
          });
        }),
      );
      expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      expect((await store.read(owner, m.id)).map((e) => e.version)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    });

    it('serialized: work that throws stores nothing of what it appended, and the next turn goes ahead', async () => {
      const m = await newMatch(store);
      const error = await store
        .serialized(m.id, async (s) => {
          await s.append(owner, m.id, 0, [{ type: 'undone', data: {} }]);
          throw new RuleViolation('late', 'refused after the append');
        })
        .catch((e: unknown) => e);
      expect((error as RuleViolation).code).toBe('late');
      expect(await store.read(owner, m.id)).toEqual([]);
      const next = await store.serialized(m.id, async (s) => (await s.append(owner, m.id, (await s.getMatch(owner, m.id))!.version, [{ type: 'kept', data: {} }])).version);
      expect(next).toBe(1);
    });

    it('serialized: `committed` gets the result once committed, before the next turn on the match starts; not when the work throws, nor inside idempotent work', async () => {
      const m = await newMatch(store);
      const seen: string[] = [];
      const turn = (w: number) =>
        store.serialized(
          m.id,
          async (s) => {
            seen.push(`work ${w}`);
            const at = (await s.getMatch(owner, m.id))!.version;
            if (w === 1) throw new RuleViolation('refused', 'no');
            return (await s.append(owner, m.id, at, [{ type: 'turn', data: { w } }])).version;
          },
          (version) => seen.push(`committed ${w} at ${version}`),
        );
      const results = await Promise.allSettled([turn(0), turn(1), turn(2)]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      // each committed result is reported before the next work starts, and holds what was stored
      expect(seen).toEqual(['work 0', 'committed 0 at 1', 'work 1', 'work 2', 'committed 2 at 2']);
      const keyed = await store.idempotent(owner, { key: randomUUID(), hash: 'h' }, async (s) => ({
        status: 201,
        body: await s.serialized(
          m.id,
          async (t) => (await t.append(owner, m.id, 2, [{ type: 'keyed', data: {} }])).version,
          () => seen.push('committed inside'),
        ),
      }));
      expect(keyed.body).toBe(3);
      expect(seen).not.toContain('committed inside');
      // what `committed` throws does not undo or refuse the committed work
      const thrown = await store.serialized(
        m.id,
        async (s) => (await s.append(owner, m.id, 3, [{ type: 'after', data: {} }])).version,
        () => {
          throw new Error('a cache that failed');
        },
      );
      expect(thrown).toBe(4);
      expect((await store.read(owner, m.id)).map((e) => e.type)).toEqual(['turn', 'turn', 'keyed', 'after']);
    });

    it('serialized: a stale expectedVersion inside the turn is still VersionConflict with the current version', async () => {
      const m = await newMatch(store);
      await store.append(owner, m.id, 0, [{ type: 'a', data: {} }]);
      const error = await store.serialized(m.id, (s) => s.append(owner, m.id, 0, [{ type: 'stale', data: {} }])).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VersionConflict);
      expect((error as VersionConflict).currentVersion).toBe(1);
      expect((await store.read(owner, m.id)).map((e) => e.type)).toEqual(['a']);
    });

    it('serialized inside idempotent work joins its transaction: keyed and unkeyed turns on one match, mixed, never conflict', async () => {
      const m = await newMatch(store);
      const turn = (s: EventStore, w: number) =>
        s.serialized(m.id, async (t) => {
          const at = (await t.getMatch(owner, m.id))!.version;
          await new Promise((r) => setTimeout(r, 1));
          return (await t.append(owner, m.id, at, [{ type: 'turn', data: { w } }])).version;
        });
      const settled = await Promise.allSettled(
        Array.from({ length: 16 }, (_, w) =>
          w % 2
            ? store.idempotent(owner, { key: randomUUID(), hash: `h${w}` }, async (s) => ({ status: 201, body: await turn(s, w) })).then((a) => a.body as number)
            : turn(store, w),
        ),
      );
      expect(settled.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      const versions = settled.map((r) => (r as PromiseFulfilledResult<number>).value);
      expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
      expect((await store.read(owner, m.id)).map((e) => e.version)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    });
  });
}

describe('event store on a real PostgreSQL server', () => {
  let pg: FreshPostgres | undefined;
  beforeAll(async () => {
    pg = await freshPostgres(70);
  });
  afterAll(async () => pg?.drop());

  it('64 concurrent writers, 64 connections: exactly one winner per version, 1..n, no duplicates', async () => {
    const store = SqlEventStore.over(pg!.db);
    const m = await newMatch(store);
    const writers = 64;
    let version = 0;
    for (let round = 0; round < 5; round++) {
      const settled = await Promise.allSettled(
        Array.from({ length: writers }, (_, w) =>
          store.append(owner, m.id, version, [
            { type: 'w', data: { round, w } },
            { type: 'w2', data: { round, w } },
          ]),
        ),
      );
      const winners = settled.filter((r) => r.status === 'fulfilled');
      expect(winners.length).toBe(1);
      for (const r of settled)
        if (r.status === 'rejected') {
          expect(r.reason).toBeInstanceOf(VersionConflict);
          expect((r.reason as VersionConflict).currentVersion).toBe(version + 2);
        }
      version += 2;
    }
    const events = await store.read(owner, m.id);
    expect(events.map((e) => e.version)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    // Both events of one batch come from the same writer: no interleaving.
    for (let i = 0; i < 10; i += 2) expect(events[i]!.data).toEqual(events[i + 1]!.data);
  });

  it('never lets the global feed skip an event that commits after a later position is visible', async () => {
    const db = pg!.db;
    const store = SqlEventStore.over(db);
    const a = await newMatch(store);
    const b = await newMatch(store);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const wroteA = new Promise<void>((r) => (written = r));
    // Writer A takes its position first and holds its transaction open.
    const pendingA = db.transaction(async (tx) => {
      const inTx = new SqlEventStore({ query: tx.query.bind(tx), transaction: (fn) => fn(tx) });
      const r = await inTx.append(owner, a.id, 0, [{ type: 'slow', data: {} }]);
      written();
      await gate;
      return r;
    });
    await wroteA;
    // Writer B takes a later position and commits first.
    const committedB = await store.append(owner, b.id, 0, [{ type: 'fast', data: {} }]);
    const aPosition = BigInt((await db.query<{ p: string }>(`SELECT last_value::text AS p FROM match_events_position_seq`)).rows[0]!.p);
    expect(BigInt(committedB.events[0]!.position)).toBe(aPosition);
    const mine = <T extends { matchId: string }>(list: T[]) => list.filter((e) => e.matchId === a.id || e.matchId === b.id);
    // While A is open the feed shows neither (B is held back behind A's transaction).
    const during = mine(await store.readAll(owner, null, 100_000));
    expect(during).toEqual([]);
    release();
    await pendingA;
    const after = mine(await store.readAll(owner, null, 100_000));
    expect(after.map((e) => e.type)).toEqual(['slow', 'fast']);
    expect(BigInt(after[0]!.position)).toBeLessThan(BigInt(after[1]!.position));
  });

  it('loses no acknowledged event when the writing process is killed (SIGKILL) mid-burst', async () => {
    const store = SqlEventStore.over(pg!.db);
    const m = await newMatch(store);
    const storeModule = fileURLToPath(new URL('../../src/infra/event-store/index.ts', import.meta.url));
    const poolModule = fileURLToPath(new URL('../../src/infra/database/pool.ts', import.meta.url));
    const code = `
      const { SqlEventStore } = await import(${JSON.stringify(storeModule)});
      const { PoolDatabase } = await import(${JSON.stringify(poolModule)});
      const db = new PoolDatabase({ kind: 'postgres', url: process.env.EVENT_DB_URL, max: 8 });
      const store = SqlEventStore.over(db);
      let version = 0;
      // 8 parallel bursts, each retrying on conflicts; every acknowledged version is printed.
      await Promise.all(Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; ; i++) {
          try {
            const r = await store.append('${owner}', '${m.id}', version, [{ type: 'burst', data: { w, i } }, { type: 'burst2', data: { w, i } }]);
            version = Math.max(version, r.version);
            process.stdout.write('ack ' + r.version + ' ' + w + ' ' + i + '\\n');
          } catch (e) {
            if (e?.name !== 'VersionConflict') throw e;
            version = Math.max(version, e.currentVersion);
          }
        }
      }));
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      env: { ...process.env, EVENT_DB_URL: pg!.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const acks: { version: number; w: number; i: number }[] = [];
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('child produced too few acks: ' + stderr.slice(0, 2000))), 60_000);
      child.stdout.on('data', (d: Buffer) => {
        buffer += d.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) {
          const [, v, w, i] = line.split(' ');
          acks.push({ version: Number(v), w: Number(w), i: Number(i) });
        }
        if (acks.length >= 150) {
          clearTimeout(timer);
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => {
        clearTimeout(timer);
        if (acks.length < 150) reject(new Error('child exited early: ' + stderr.slice(0, 2000)));
      });
    });
    expect(await exited).toBe('SIGKILL');
    // Give the server a moment to abort the killed backends' open transactions.
    await new Promise((r) => setTimeout(r, 300));
    const events = await store.read(owner, m.id);
    const match = (await store.getMatch(owner, m.id))!;
    expect(match.version).toBe(events.length);
    expect(events.map((e) => e.version)).toEqual(Array.from({ length: events.length }, (_, i) => i + 1));
    for (const ack of acks) {
      const [first, second] = [events[ack.version - 2]!, events[ack.version - 1]!];
      expect(first.type).toBe('burst');
      expect(first.data).toEqual({ w: ack.w, i: ack.i });
      expect(second.type).toBe('burst2');
      expect(second.data).toEqual({ w: ack.w, i: ack.i });
    }
    expect(events.length).toBeGreaterThanOrEqual(2 * acks.length);
  });

  it('serialized across two processes (two pools, two stores): a turn started while another holds the match waits for it and reads what it committed', async () => {
    const first = SqlEventStore.over(pg!.db);
    const otherDb = new PoolDatabase({ kind: 'postgres', url: pg!.url, max: 4 });
    try {
      const second = SqlEventStore.over(otherDb);
      const m = await newMatch(first);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let entered!: () => void;
      const holding = new Promise<void>((r) => (entered = r));
      const a = first.serialized(m.id, async (s) => {
        const at = (await s.getMatch(owner, m.id))!.version;
        entered();
        await gate;
        return (await s.append(owner, m.id, at, [{ type: 'first', data: {} }])).version;
      });
      await holding;
      let secondSaw: number | undefined;
      const b = second.serialized(m.id, async (s) => {
        secondSaw = (await s.getMatch(owner, m.id))!.version;
        return (await s.append(owner, m.id, secondSaw, [{ type: 'second', data: {} }])).version;
      });
      // the second turn is waiting on the match's advisory lock, in PostgreSQL
      for (let i = 0; ; i++) {
        const { rows } = await pg!.db.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        if (rows[0]!.n === '1') break;
        if (i > 500) {
          release();
          throw new Error('the second turn never waited for the lock');
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(secondSaw).toBeUndefined();
      release();
      expect(await a).toBe(1);
      expect(await b).toBe(2);
      expect(secondSaw).toBe(1);
      expect((await first.read(owner, m.id)).map((e) => e.type)).toEqual(['first', 'second']);
    } finally {
      await otherDb.close();
    }
  });

  it('serialized: a turn on one match does not wait for a turn held on another match', async () => {
    const store = SqlEventStore.over(pg!.db);
    const [x, y] = [await newMatch(store), await newMatch(store)];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const holding = new Promise<void>((r) => (entered = r));
    const held = store.serialized(x.id, async (s) => {
      entered();
      await gate;
      return (await s.append(owner, x.id, 0, [{ type: 'x', data: {} }])).version;
    });
    await holding;
    // completes while x's turn is still held (it would wait forever otherwise)
    expect(await store.serialized(y.id, async (s) => (await s.append(owner, y.id, 0, [{ type: 'y', data: {} }])).version)).toBe(1);
    release();
    expect(await held).toBe(1);
  });

  it('serialized: 64 read → append turns on one match from two processes (two pools): all applied, 1..64, no conflict', async () => {
    const otherDb = new PoolDatabase({ kind: 'postgres', url: pg!.url, max: 10 });
    try {
      const stores = [SqlEventStore.over(pg!.db), SqlEventStore.over(otherDb)];
      const m = await newMatch(stores[0]!);
      const settled = await Promise.allSettled(
        Array.from({ length: 64 }, (_, w) =>
          stores[w % 2]!.serialized(m.id, async (s) => {
            const at = (await s.getMatch(owner, m.id))!.version;
            return (await s.append(owner, m.id, at, [{ type: 'turn', data: { w } }])).version;
          }),
        ),
      );
      expect(settled.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      expect((await stores[0]!.read(owner, m.id)).map((e) => e.version)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
    } finally {
      await otherDb.close();
    }
  });
});
