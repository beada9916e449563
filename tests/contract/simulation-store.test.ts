/**
 * Simulation-store contract (CONTRACT §6): one suite over every implementation of the SimulationStore
 * port (src/app/simulations/ports.ts): the in-memory store (src/infra/memory/simulation-store.ts), and
 * the SQL store (src/infra/simulation-store.ts) on every database target (embedded PGlite always, a
 * fresh PostgreSQL database when DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { NewSimulation, SimulationListEntry, SimulationStore } from '../../src/app/simulations/ports.js';
import { compareListKeys, type ListKey } from '../../src/app/matches/ports.js';
import { SqlSimulationStore } from '../../src/infra/simulation-store.js';
import { MemorySimulationStore } from '../../src/infra/memory/simulation-store.js';
import { databaseTargets } from '../helpers/database.js';

const RESULT = { iterations: 10, successRate: 0.5 };

function submission(apiKeyId: string, fingerprint: string, seeded = true): NewSimulation {
  return { id: randomUUID(), apiKeyId, kind: 'eden.melee', request: { attacker: 'a' }, iterations: 10, seed: 's', seeded, fingerprint: fingerprint.padEnd(64, '0') };
}

interface StoreTarget {
  name: string;
  open(): Promise<{ store: SimulationStore; close(): Promise<void> }>;
}

/** Every implementation of the port: in memory, and the SQL store on every database target. */
const storeTargets: StoreTarget[] = [
  { name: 'memory', open: async () => ({ store: new MemorySimulationStore(), close: async () => {} }) },
  ...databaseTargets().map((target) => ({
    name: target.name,
    open: async () => {
      const db = await target.open();
      return { store: new SqlSimulationStore(db), close: () => db.close() };
    },
  })),
];

for (const target of storeTargets) {
  describe(`simulation store on ${target.name}`, () => {
    let close: (() => Promise<void>) | undefined;
    let store: SimulationStore;
    beforeAll(async () => {
      ({ store, close } = await target.open());
    });
    afterAll(async () => close?.());

    it('inserts a queued simulation, visible to its key only', async () => {
      const s = submission('key-a', 'a1');
      expect(await store.reserve(s, 5)).toEqual({ outcome: 'inserted' });
      const row = await store.find(s.id, 'key-a');
      expect(row).toMatchObject({
        id: s.id,
        apiKeyId: 'key-a',
        kind: 'eden.melee',
        request: { attacker: 'a' },
        iterations: 10,
        seed: 's',
        seeded: true,
        status: 'queued',
        progress: 0,
        result: null,
        error: null,
        completedAt: null,
      });
      expect(new Date(row!.createdAt).toISOString()).toBe(row!.createdAt);
      expect(await store.find(s.id, 'key-b')).toBeUndefined();
      expect((await store.find(s.id))?.id).toBe(s.id);
    });

    it('deduplicates an identical submission of the same key, not of another key', async () => {
      const first = submission('key-c', 'c1');
      await store.reserve(first, 5);
      const again = await store.reserve(submission('key-c', 'c1'), 5);
      expect(again).toMatchObject({ outcome: 'existing', simulation: { id: first.id, status: 'queued' } });
      expect(await store.reserve(submission('key-d', 'c1'), 5)).toEqual({ outcome: 'inserted' });
    });

    it('refuses past the limit of queued or running simulations per key, counting only active ones', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 2; i++) {
        const s = submission('key-e', `e${i}`);
        ids.push(s.id);
        expect(await store.reserve(s, 2)).toEqual({ outcome: 'inserted' });
      }
      expect(await store.reserve(submission('key-e', 'e9'), 2)).toEqual({ outcome: 'limit', active: 2 });
      await store.finish(ids[0]!, { status: 'cancelled' });
      expect(await store.reserve(submission('key-e', 'e9'), 2)).toEqual({ outcome: 'inserted' });
    });

    it('concurrent submissions of one key respect the limit exactly', async () => {
      const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => store.reserve(submission('key-f', `f${i}`), 3)));
      expect(outcomes.filter((o) => o.outcome === 'inserted')).toHaveLength(3);
      expect(outcomes.filter((o) => o.outcome === 'limit')).toHaveLength(3);
    });

    it('progress only moves forward, clamps to 0..1, and never touches a finished simulation', async () => {
      const s = submission('key-g', 'g1');
      await store.reserve(s, 5);
      await store.progress(s.id, 0.5);
      await store.progress(s.id, 0.25);
      expect(await store.find(s.id)).toMatchObject({ status: 'running', progress: 0.5 });
      await store.progress(s.id, 7);
      expect((await store.find(s.id))?.progress).toBe(1);
      expect(await store.finish(s.id, { status: 'failed', error: 'boom' })).toBe(true);
      await store.progress(s.id, 0.9);
      expect(await store.find(s.id)).toMatchObject({ status: 'failed', error: 'boom', result: null });
    });

    it('finishes once; a completion needs a result; a completed seeded run keeps deduplicating, others do not', async () => {
      const seeded = submission('key-h', 'h1');
      await store.reserve(seeded, 5);
      expect(await store.finish(seeded.id, { status: 'completed' })).toBe(false);
      expect(await store.finish(seeded.id, { status: 'completed', result: RESULT })).toBe(true);
      expect(await store.finish(seeded.id, { status: 'cancelled' })).toBe(false);
      const done = await store.find(seeded.id);
      expect(done).toMatchObject({ status: 'completed', progress: 1, result: RESULT, error: null });
      expect(done!.completedAt).not.toBeNull();
      expect(await store.reserve(submission('key-h', 'h1'), 5)).toMatchObject({ outcome: 'existing', simulation: { id: seeded.id } });

      const unseeded = submission('key-h', 'h2', false);
      await store.reserve(unseeded, 5);
      await store.finish(unseeded.id, { status: 'completed', result: RESULT });
      expect(await store.reserve(submission('key-h', 'h2', false), 5)).toEqual({ outcome: 'inserted' });
    });

    it('lists unfinished simulations oldest first', async () => {
      const a = submission('key-i', 'i1');
      const b = submission('key-i', 'i2');
      await store.reserve(a, 5);
      await store.reserve(b, 5);
      await store.finish(a.id, { status: 'cancelled' });
      const ids = (await store.unfinished()).map((r) => r.id);
      expect(ids).toContain(b.id);
      expect(ids).not.toContain(a.id);
      expect((await store.unfinished(1)).length).toBe(1);
    });

    it('answers the limit only after deduplication: an identical active submission is found even at the limit', async () => {
      const first = submission('key-j', 'j1');
      expect(await store.reserve(first, 1)).toEqual({ outcome: 'inserted' });
      expect(await store.reserve(submission('key-j', 'j1'), 1)).toMatchObject({ outcome: 'existing', simulation: { id: first.id } });
      expect(await store.reserve(submission('key-j', 'j2'), 1)).toEqual({ outcome: 'limit', active: 1 });
      expect(await store.reserve(submission('key-j', 'j2'), 0)).toEqual({ outcome: 'limit', active: 1 });
    });

    it('a failed or cancelled run stops deduplicating, seeded or not', async () => {
      for (const status of ['failed', 'cancelled'] as const) {
        const s = submission('key-k', `k-${status}`);
        await store.reserve(s, 5);
        await store.progress(s.id, 0.3);
        expect(await store.finish(s.id, { status, error: 'stopped' })).toBe(true);
        expect(await store.find(s.id)).toMatchObject({ status, progress: 0.3, result: null, error: 'stopped', completedAt: expect.any(String) });
        expect(await store.reserve(submission('key-k', `k-${status}`), 5)).toEqual({ outcome: 'inserted' });
      }
    });

    it('progress below 0 counts as 0 and starts the run; unknown ids change nothing', async () => {
      const s = submission('key-l', 'l1');
      await store.reserve(s, 5);
      await store.progress(s.id, -1);
      expect(await store.find(s.id)).toMatchObject({ status: 'running', progress: 0 });
      await expect(store.progress(randomUUID(), 0.5)).resolves.toBeUndefined();
      expect(await store.finish(randomUUID(), { status: 'failed' })).toBe(false);
      expect(await store.find(randomUUID())).toBeUndefined();
    });

    it('lists unfinished simulations in submission order, up to the limit', async () => {
      const mine = [submission('key-m', 'm1'), submission('key-m', 'm2'), submission('key-m', 'm3')];
      for (const s of mine) await store.reserve(s, 5);
      const all = await store.unfinished();
      expect(all.map((r) => r.id).filter((id) => mine.some((s) => s.id === id))).toEqual(mine.map((s) => s.id));
      expect(all.every((r) => r.status === 'queued' || r.status === 'running')).toBe(true);
      expect(await store.unfinished(0)).toEqual([]);
      expect((await store.unfinished(2)).map((r) => r.id)).toEqual(all.slice(0, 2).map((r) => r.id));
    });

    it('answers copies of what it stores, JSON values as jsonb gives them back', async () => {
      const s = { ...submission('key-n', 'n1'), request: { bb: [1, { d: undefined, c: 'x' }], a: 2 } };
      await store.reserve(s, 5);
      s.request.a = 99;
      const row = await store.find(s.id);
      expect(row!.request).toStrictEqual({ a: 2, bb: [1, { c: 'x' }] });
      expect(Object.keys(row!.request as object)).toEqual(['a', 'bb']);
      (row!.request as { a: number }).a = 7;
      expect((await store.find(s.id))!.request).toStrictEqual({ a: 2, bb: [1, { c: 'x' }] });

      const result = { ...RESULT, histogram: [1, 2] };
      await store.finish(s.id, { status: 'completed', result });
      result.histogram.push(3);
      const done = await store.find(s.id);
      expect(done!.result).toStrictEqual({ iterations: 10, histogram: [1, 2], successRate: 0.5 });
      (done!.result as unknown as { histogram: number[] }).histogram.length = 0;
      expect((await store.find(s.id))!.result).toStrictEqual({ iterations: 10, histogram: [1, 2], successRate: 0.5 });
      const existing = await store.reserve(submission('key-n', 'n1'), 5);
      expect(existing).toMatchObject({ outcome: 'existing', simulation: { id: s.id, result: { histogram: [1, 2] } } });
    });

    it('reads ids as PostgreSQL reads a uuid, and refuses what is not one', async () => {
      const s = submission('key-o', 'o1');
      await store.reserve(s, 5);
      expect((await store.find(s.id.toUpperCase()))?.id).toBe(s.id);
      expect((await store.find(`{${s.id.replace(/-/g, '')}}`, 'key-o'))?.id).toBe(s.id);
      await store.progress(s.id.toUpperCase(), 0.5);
      expect(await store.finish(s.id.toUpperCase(), { status: 'cancelled' })).toBe(true);
      expect(await store.find(s.id)).toMatchObject({ status: 'cancelled', progress: 0.5 });
      await expect(store.find('not-a-uuid')).rejects.toThrow(/uuid/);
      await expect(store.progress('not-a-uuid', 0.5)).rejects.toThrow(/uuid/);
      await expect(store.finish('not-a-uuid', { status: 'failed' })).rejects.toThrow(/uuid/);
      expect(await store.finish('not-a-uuid', { status: 'completed' })).toBe(false); // refused before any lookup
    });

    it('refuses what the table cannot hold, and stores nothing of it', async () => {
      const refused = [
        { ...submission('key-p', 'p1'), id: 'nope' },
        { ...submission('key-p', 'p1'), request: { attacker: 'a\u0000b' } },
        { ...submission('key-p', 'p1'), request: undefined },
        { ...submission('key-p', 'p1'), iterations: 0 },
        { ...submission('key-p', 'p1'), iterations: 1.5 },
        { ...submission('key-p', 'p1'), seed: 'a\u0000' },
        { ...submission('key-p', 'p1'), fingerprint: 'p'.repeat(65) },
      ];
      for (const s of refused) await expect(store.reserve(s, 5), JSON.stringify(s)).rejects.toThrow();
      const accepted = submission('key-p', 'p1');
      expect(await store.reserve(accepted, 5)).toEqual({ outcome: 'inserted' });
      await expect(store.reserve({ ...submission('key-p', 'p2'), id: accepted.id }, 5)).rejects.toThrow(/duplicate key/);
      expect(await store.reserve(submission('key-p', 'p2'), 2)).toEqual({ outcome: 'inserted' });
      expect(await store.reserve(submission('key-p', 'p3'), 2)).toEqual({ outcome: 'limit', active: 2 });
      await expect(store.progress(accepted.id, NaN)).rejects.toThrow(/check constraint/);
      expect(await store.find(accepted.id)).toMatchObject({ status: 'queued', progress: 0 });
    });

    const expectListingOrder = (rows: SimulationListEntry[]) => {
      for (let i = 1; i < rows.length; i++) expect(compareListKeys(rows[i - 1]!.key, rows[i]!.key), `${i}`).toBeLessThan(0);
    };

    it('lists a key’s simulations newest first by (createdAt, id), filtered by status, never another key’s (CONTRACT §8.2)', async () => {
      const [mine, theirs] = [`list-${randomUUID()}`, `list-${randomUUID()}`];
      const subs = Array.from({ length: 5 }, (_, i) => submission(mine, `list-${i}`));
      for (const s of subs) await store.reserve(s, 100);
      await store.reserve(submission(theirs, 'list-0'), 100);
      await store.finish(subs[0]!.id, { status: 'completed', result: RESULT });
      await store.finish(subs[1]!.id, { status: 'cancelled' });
      await store.progress(subs[2]!.id, 0.25);

      const rows = await store.list(mine, { limit: 100 });
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(subs.map((s) => s.id)));
      expectListingOrder(rows);
      const times = rows.map((r) => r.createdAt);
      expect(times).toEqual([...times].sort().reverse());
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(subs[0]!.id)).toMatchObject({ kind: 'eden.melee', status: 'completed', progress: 1, iterations: 10, completedAt: expect.any(String) });
      expect(byId.get(subs[2]!.id)).toMatchObject({ status: 'running', progress: 0.25, completedAt: null });
      for (const r of rows) {
        expect(r.key.id).toBe(r.id);
        expect(Date.parse(r.key.createdAt)).toBe(Date.parse(r.createdAt));
        expect(r).not.toHaveProperty('request');
        expect(r).not.toHaveProperty('result');
      }

      expect((await store.list(mine, { status: 'queued', limit: 100 })).map((r) => r.id)).toEqual(rows.filter((r) => r.status === 'queued').map((r) => r.id));
      expect((await store.list(mine, { status: 'queued', limit: 100 })).length).toBe(2);
      expect((await store.list(mine, { status: 'cancelled', limit: 100 })).map((r) => r.id)).toEqual([subs[1]!.id]);
      expect(await store.list(mine, { status: 'failed', limit: 100 })).toEqual([]);
      expect((await store.list(mine, { limit: 2 })).map((r) => r.id)).toEqual(rows.slice(0, 2).map((r) => r.id));
      expect((await store.list(theirs, { limit: 100 })).map((r) => r.id)).not.toContain(subs[0]!.id);
      expect((await store.list(theirs, { limit: 100 })).length).toBe(1);
    });

    it('pages after a key with no simulation repeated or skipped while others are submitted between pages (CONTRACT §8.2)', async () => {
      const mine = `list-${randomUUID()}`;
      for (let i = 0; i < 10; i++) await store.reserve(submission(mine, `page-${i}`), 100);
      const before = (await store.list(mine, { limit: 100 })).map((r) => r.id);
      const added: string[] = [];
      const seen: SimulationListEntry[] = [];
      let after: ListKey | undefined;
      for (let n = 0; ; n++) {
        const page = await store.list(mine, { after, limit: 3 });
        seen.push(...page);
        if (page.length < 3) break;
        after = page.at(-1)!.key;
        const s = submission(mine, `added-${n}`);
        added.push(s.id);
        // one submitted between pages, one racing the next page's read
        await Promise.all([store.reserve(s, 100), store.reserve(submission(`list-${randomUUID()}`, `other-${n}`), 100)]);
      }
      const ids = seen.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.filter((id) => before.includes(id))).toEqual(before);
      expect(ids.every((id) => before.includes(id) || added.includes(id))).toBe(true);
      expectListingOrder(seen);
      // the status filter pages the same way
      await store.finish(before[4]!, { status: 'failed', error: 'x' });
      const queued: string[] = [];
      let key: ListKey | undefined;
      let page: SimulationListEntry[];
      do {
        page = await store.list(mine, { status: 'queued', after: key, limit: 2 });
        queued.push(...page.map((r) => r.id));
        key = page.at(-1)?.key;
      } while (page.length === 2);
      expect(queued).toEqual((await store.list(mine, { status: 'queued', limit: 100 })).map((r) => r.id));
      expect(queued).not.toContain(before[4]);
    });
  });
}

describe('simulation store in memory', () => {
  it('lists by its clock’s createdAt, newest first; simulations stamped at the same instant by id', async () => {
    let now = Date.parse('2030-01-02T03:04:05.678Z');
    const store = new MemorySimulationStore({ now: () => now });
    const [first, second, third] = [submission('key-a', 'a1'), submission('key-a', 'a2'), submission('key-a', 'a3')];
    await store.reserve(first, 5);
    now += 1;
    await store.reserve(second, 5);
    await store.reserve(third, 5);
    const ids = (await store.list('key-a', { limit: 10 })).map((r) => r.id);
    expect(ids).toEqual([...[second.id, third.id].sort().reverse(), first.id]);
    const [top] = await store.list('key-a', { limit: 1 });
    expect(top!.key).toEqual({ createdAt: '2030-01-02T03:04:05.679Z', id: ids[0] });
    expect((await store.list('key-a', { after: top!.key, limit: 10 })).map((r) => r.id)).toEqual(ids.slice(1));
  });

  it('stamps createdAt and completedAt from its clock, and lists the unfinished by createdAt', async () => {
    let now = Date.parse('2030-01-02T03:04:05.678Z');
    const store = new MemorySimulationStore({ now: () => now });
    const [late, early] = [submission('key-a', 'a1'), submission('key-a', 'a2')];
    await store.reserve(late, 5);
    now -= 60_000;
    await store.reserve(early, 5);
    expect((await store.unfinished()).map((r) => r.id)).toEqual([early.id, late.id]);
    now += 120_000;
    await store.finish(late.id, { status: 'completed', result: RESULT });
    expect(await store.find(late.id)).toMatchObject({ createdAt: '2030-01-02T03:04:05.678Z', completedAt: '2030-01-02T03:05:05.678Z' });
    expect((await store.find(early.id))?.createdAt).toBe('2030-01-02T03:03:05.678Z');
  });
});
