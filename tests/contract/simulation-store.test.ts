/**
 * Simulation-store contract (CONTRACT §6): one suite over every database target (embedded PGlite
 * always, a fresh PostgreSQL database when DATABASE_URL is set) for the SimulationStore port
 * (src/app/simulations/ports.ts) as src/infra/simulation-store.ts implements it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../src/app/ports.js';
import type { NewSimulation, SimulationStore } from '../../src/app/simulations/ports.js';
import { SqlSimulationStore } from '../../src/infra/simulation-store.js';
import { databaseTargets } from '../helpers/database.js';

const RESULT = { iterations: 10, successRate: 0.5 };

function submission(apiKeyId: string, fingerprint: string, seeded = true): NewSimulation {
  return { id: randomUUID(), apiKeyId, kind: 'eden.melee', request: { attacker: 'a' }, iterations: 10, seed: 's', seeded, fingerprint: fingerprint.padEnd(64, '0') };
}

for (const target of databaseTargets()) {
  describe(`simulation store on ${target.name}`, () => {
    let db: Database;
    let store: SimulationStore;
    beforeAll(async () => {
      db = await target.open();
      store = new SqlSimulationStore(db);
    });
    afterAll(async () => db?.close());

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
  });
}
