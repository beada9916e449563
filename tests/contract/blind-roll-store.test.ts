/**
 * Blind-roll store contract (CONTRACT §8.3) for the BlindRollStore port (src/app/dice/blind-ports.ts):
 * one suite over every implementation — in memory (src/infra/memory/blind-roll-store.ts) and the SQL
 * store (src/infra/blind-roll-store.ts) on every database target (embedded PGlite always, PostgreSQL
 * when DATABASE_URL is set). Time is passed in, so expiry is checked without waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { BlindRoll, BlindRollStore } from '../../src/app/dice/blind-ports.js';
import { BLIND_ROLL_TTL_MS, BlindRollService, revealedAnswer } from '../../src/app/dice/blind.js';
import { sha256Hex } from '../../src/kernel/canonical-json.js';
import { sqlBlindRollStore } from '../../src/infra/blind-roll-store.js';
import { memoryBlindRollStore } from '../../src/infra/memory/blind-roll-store.js';
import { databaseTargets } from '../helpers/database.js';

interface StoreTarget {
  name: string;
  open(): Promise<{ store: BlindRollStore; close(): Promise<void> }>;
}

const storeTargets: StoreTarget[] = [
  { name: 'memory', open: async () => ({ store: memoryBlindRollStore(), close: async () => {} }) },
  ...databaseTargets().map((target) => ({
    name: target.name,
    open: async () => {
      const db = await target.open();
      return { store: sqlBlindRollStore(db), close: () => db.close() };
    },
  })),
];

const T0 = Date.parse('2026-12-20T10:00:00.000Z');
const HOUR = 3_600_000;

function newRoll(over: Partial<BlindRoll> = {}): Omit<BlindRoll, 'clientSeed' | 'revealedAt'> {
  const serverSeed = randomUUID();
  return { id: randomUUID(), notation: '3d6', repeat: null, serverSeed, commitment: sha256Hex(serverSeed), createdAt: T0, expiresAt: T0 + BLIND_ROLL_TTL_MS, ...over };
}

for (const target of storeTargets) {
  describe(`blind roll store on ${target.name}`, () => {
    let close: (() => Promise<void>) | undefined;
    let store: BlindRollStore;
    beforeAll(async () => {
      ({ store, close } = await target.open());
    });
    afterAll(async () => close?.());

    it('keeps a roll unrevealed and finds it by id', async () => {
      const roll = newRoll({ notation: '4d6kh3', repeat: 6 });
      await store.create(roll);
      expect(await store.find(roll.id, T0 + 1)).toEqual({ ...roll, clientSeed: null, revealedAt: null });
      expect(await store.find(randomUUID(), T0)).toBeUndefined();
      expect(await store.find('x'.repeat(101), T0)).toBeUndefined();
    });

    it('the first reveal fixes the client seed; a later one changes nothing', async () => {
      const roll = newRoll();
      await store.create(roll);
      const first = await store.reveal(roll.id, 'alpha', T0 + HOUR);
      expect(first).toMatchObject({ id: roll.id, clientSeed: 'alpha', revealedAt: T0 + HOUR, serverSeed: roll.serverSeed });
      const second = await store.reveal(roll.id, 'beta', T0 + 2 * HOUR);
      expect(second).toEqual(first);
      expect(await store.reveal(randomUUID(), 'x', T0)).toBeUndefined();
    });

    it('concurrent reveals: exactly one client seed wins, and every answer names it', async () => {
      const roll = newRoll();
      await store.create(roll);
      const answers = await Promise.all(['a', 'b', 'c', 'd'].map((seed) => store.reveal(roll.id, seed, T0 + HOUR)));
      const seeds = new Set(answers.map((a) => a!.clientSeed));
      expect(seeds.size).toBe(1);
    });

    it('is kept at least 24 hours and gone once expired; purge removes only expired rolls', async () => {
      const roll = newRoll({ createdAt: T0, expiresAt: T0 + 24 * HOUR });
      const other = newRoll({ createdAt: T0, expiresAt: T0 + 48 * HOUR });
      await store.create(roll);
      await store.create(other);
      expect(await store.find(roll.id, T0 + 24 * HOUR - 1)).toBeDefined();
      expect(await store.find(roll.id, T0 + 24 * HOUR)).toBeUndefined();
      expect(await store.reveal(roll.id, 'late', T0 + 25 * HOUR)).toBeUndefined();
      expect(await store.purgeExpired(T0 + 25 * HOUR)).toBeGreaterThanOrEqual(1);
      expect(await store.find(other.id, T0 + 25 * HOUR)).toBeDefined();
    });

    it('a duplicate id is refused and keeps the first roll', async () => {
      const roll = newRoll();
      await store.create(roll);
      await expect(store.create({ ...roll, serverSeed: 'other' })).rejects.toThrow();
      expect((await store.find(roll.id, T0))!.serverSeed).toBe(roll.serverSeed);
    });

    it('through the service: commitment, reveal and 404 (CONTRACT §8.3)', async () => {
      let now = T0;
      let n = 0;
      const service = new BlindRollService(store, { clock: { now: () => now }, ids: { newId: () => randomUUID(), randomSeed: () => `seed-${++n}-${randomUUID()}` } });
      const created = await service.create('2d6+1', undefined);
      expect(Date.parse(created.expiresAt) - Date.parse(created.createdAt)).toBe(BLIND_ROLL_TTL_MS);
      now += 23 * HOUR;
      const revealed = await service.reveal(created.id, 'me', 'en');
      expect(sha256Hex(revealed.serverSeed)).toBe(created.commitment);
      expect(revealed.clientSeed).toBe('me');
      // what the stored row alone recomputes
      const row = (await store.find(created.id, now))!;
      expect(revealedAnswer(row, 'en').total).toBe(revealed.total);
      now = T0 + BLIND_ROLL_TTL_MS;
      await expect(service.reveal(created.id, 'me', 'en')).rejects.toMatchObject({ status: 404 });
    });
  });
}
