/**
 * Answers kept where this process is the database's only writer (src/infra/only-writer-memo.ts):
 * read once, forgotten when a write ends, never kept from a read that a write overlapped, and
 * bounded. The stores over the embedded database use it for seats' generations and API keys; the
 * second half checks that a revocation through them holds on the next read.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnlyWriterMemo } from '../../../src/infra/only-writer-memo.js';
import { openTestPglite } from '../../../src/infra/database/index.js';
import { SqlEventStore } from '../../../src/infra/event-store/index.js';
import { apiKeyStore } from '../../../src/infra/keys.js';
import type { Database } from '../../../src/app/ports.js';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('OnlyWriterMemo', () => {
  it('reads once per key, then answers from memory; a write forgets every answer when it ends', async () => {
    const memo = new OnlyWriterMemo<number>();
    let loads = 0;
    const load = async () => ++loads;
    expect([await memo.read('a', load), await memo.read('a', load)]).toEqual([1, 1]);
    expect(await memo.write(async () => 'done')).toBe('done');
    expect(await memo.read('a', load)).toBe(2);
    // a write that throws forgets too (it may have changed something before it threw)
    await expect(memo.write(() => Promise.reject(new Error('late')))).rejects.toThrow('late');
    expect(await memo.read('a', load)).toBe(3);
  });

  it('keeps nothing from a read a write overlapped, however the two interleave', async () => {
    const memo = new OnlyWriterMemo<string>();
    // the read starts before the write and ends after it started
    const slow = deferred<string>();
    const reading = memo.read('k', () => slow.promise);
    const written = deferred<void>();
    const writing = memo.write(() => written.promise);
    slow.resolve('old');
    expect(await reading).toBe('old');
    written.resolve();
    await writing;
    expect(await memo.read('k', async () => 'new')).toBe('new');
    // the read starts while the write runs and ends after it
    const during = deferred<string>();
    const w2 = deferred<void>();
    const writing2 = memo.write(() => w2.promise);
    const reading2 = memo.read('j', () => during.promise);
    w2.resolve();
    await writing2;
    during.resolve('old');
    await reading2;
    expect(await memo.read('j', async () => 'new')).toBe('new');
  });

  it('never keeps "nothing there", and keeps at most its capacity (least recently used dropped)', async () => {
    const memo = new OnlyWriterMemo<number>(2);
    let loads = 0;
    expect(await memo.read('none', async () => (loads++, undefined))).toBeUndefined();
    expect(await memo.read('none', async () => (loads++, undefined))).toBeUndefined();
    expect(loads).toBe(2);
    await memo.read('a', async () => 1);
    await memo.read('b', async () => 2);
    await memo.read('a', async () => -1); // a used last
    await memo.read('c', async () => 3);
    expect(memo.size).toBe(2);
    expect([await memo.read('a', async () => -1), await memo.read('b', async () => 20)]).toEqual([1, 20]);
  });
});

describe('the stores over the embedded database keep what only they write', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestPglite();
  });
  afterAll(async () => db?.close());

  it('a raised seat generation is read at once after revokeSeat, by every store over the same handle (CONTRACT §8.1)', async () => {
    expect(db.soleWriter).toBe(true);
    const store = SqlEventStore.over(db);
    const other = SqlEventStore.over(db);
    const m = await store.createMatch({ id: randomUUID(), ownerId: 'owner', game: 'anima', players: [{ id: 'p1', name: 'Uno' }], options: {} });
    expect(await store.seatGenerations('owner', m.id)).toEqual({});
    expect(await store.seatGenerations('owner', m.id)).toEqual({});
    expect(await other.revokeSeat('owner', m.id, 'p1')).toBe(1);
    expect(await store.seatGenerations('owner', m.id)).toEqual({ p1: 1 });
    // raised inside a transaction: kept by nobody until it has committed
    await store.idempotent('owner', { key: randomUUID(), hash: 'h' }, async (s) => {
      await s.revokeSeat('owner', m.id, 'p1');
      expect(await other.seatGenerations('owner', m.id)).toEqual({ p1: 1 });
      return { status: 204, body: null };
    });
    expect(await store.seatGenerations('owner', m.id)).toEqual({ p1: 2 });
    // another key reads nothing, kept or not
    expect(await store.seatGenerations('other', m.id)).toBeUndefined();
  });

  it('a revoked key stops resolving, and is among the revoked, at once (CONTRACT §0)', async () => {
    const keys = apiKeyStore(db);
    const created = await keys.create('memo');
    expect(await keys.resolve(created.key)).toEqual({ id: created.id, name: 'memo' });
    expect(await keys.revokedAmong([created.id])).toEqual([]);
    expect(await keys.revoke(created.id)).toBe(true);
    expect(await keys.resolve(created.key)).toBeUndefined();
    expect(await keys.revokedAmong([created.id])).toEqual([created.id]);
  });
});
