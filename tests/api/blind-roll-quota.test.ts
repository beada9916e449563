/**
 * The storage budget of anonymous blind rolls (issue 35, item 5): live rolls are counted per client
 * address (MAX_BLIND_ROLLS_PER_IP) and over every anonymous client (MAX_BLIND_ROLLS_ANONYMOUS);
 * past either POST /v1/dice/rolls `{"blind": true}` is 429 problem+json `quota_exceeded` with
 * Retry-After, and nothing is kept. Rolls made with an API key keep their behaviour (no budget).
 * Expiry deletes rows (memory and SQL), checked with an injected clock. The stores run on memory,
 * PGlite and, when DATABASE_URL is set, PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/app/ports.js';
import type { BlindRoll, BlindRollBudget, BlindRollStore } from '../../src/app/dice/blind-ports.js';
import { BLIND_ROLL_TTL_MS, BlindRollBudgetFull, BlindRollService, DEFAULT_BLIND_ROLL_BUDGET } from '../../src/app/dice/blind.js';
import { sha256Hex } from '../../src/kernel/canonical-json.js';
import { sqlBlindRollStore } from '../../src/infra/blind-roll-store.js';
import { memoryBlindRollStore } from '../../src/infra/memory/blind-roll-store.js';
import { memoryStores } from '../../src/infra/memory/index.js';
import { apiKey, memoryApp } from '../helpers/app.js';
import { databaseTargets } from '../helpers/database.js';

const T0 = Date.parse('2026-12-24T10:00:00.000Z');
const HOUR = 3_600_000;

describe('configuration', () => {
  it('documented defaults (500 per address, 100,000 in all), overridable, 0 turns a cap off', () => {
    const defaults = loadConfig({});
    expect(defaults.maxBlindRollsPerIp).toBe(500);
    expect(defaults.maxAnonymousBlindRolls).toBe(100_000);
    expect({ perClient: defaults.maxBlindRollsPerIp, total: defaults.maxAnonymousBlindRolls }).toEqual(DEFAULT_BLIND_ROLL_BUDGET);
    const set = loadConfig({ MAX_BLIND_ROLLS_PER_IP: '3', MAX_BLIND_ROLLS_ANONYMOUS: '0' });
    expect([set.maxBlindRollsPerIp, set.maxAnonymousBlindRolls]).toEqual([3, 0]);
    expect(() => loadConfig({ MAX_BLIND_ROLLS_PER_IP: '-1' })).toThrow();
  });
});

describe('POST /v1/dice/rolls {"blind": true}: anonymous storage budget', () => {
  let now = T0;
  const clock = { now: () => now };
  const store = memoryBlindRollStore();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await memoryApp({ maxBlindRollsPerIp: 3, maxAnonymousBlindRolls: 5 }, { clock, stores: { ...memoryStores({ clock }), blindRolls: store } });
  });
  afterAll(async () => app.close());

  const blind = (remoteAddress: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/v1/dice/rolls', remoteAddress, headers, payload: { notation: '1d20', blind: true } });

  it('one address keeps at most MAX_BLIND_ROLLS_PER_IP live rolls: then 429 problem+json with Retry-After, nothing kept', async () => {
    for (let k = 0; k < 3; k++) {
      expect((await blind('192.0.2.1')).statusCode).toBe(201);
      now += HOUR;
    }
    const size = store.size;
    const refused = await blind('192.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    // the first roll (made at T0) expires 7 days after it was made; now = T0 + 3 h
    expect(refused.headers['retry-after']).toBe(String((BLIND_ROLL_TTL_MS - 3 * HOUR) / 1000));
    expect(refused.json()).toMatchObject({ status: 429, code: 'quota_exceeded', setting: 'MAX_BLIND_ROLLS_PER_IP', limit: 3 });
    expect(store.size).toBe(size);
    // the roll that was refused is no commitment: another address still rolls
    expect((await blind('192.0.2.2')).statusCode).toBe(201);
  });

  it('all anonymous addresses together keep at most MAX_BLIND_ROLLS_ANONYMOUS live rolls', async () => {
    expect((await blind('192.0.2.3')).statusCode).toBe(201); // 5 live anonymous rolls now
    const refused = await blind('192.0.2.4');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'quota_exceeded', setting: 'MAX_BLIND_ROLLS_ANONYMOUS', limit: 5 });
    expect(Number(refused.headers['retry-after'])).toBe((BLIND_ROLL_TTL_MS - 3 * HOUR) / 1000);
  });

  it('a roll made with an API key keeps its behaviour (outside the anonymous budget); a wrong key counts as anonymous', async () => {
    const key = await apiKey(app);
    for (let k = 0; k < 4; k++) expect((await blind('192.0.2.1', { authorization: `Bearer ${key}` })).statusCode).toBe(201);
    expect((await blind('192.0.2.1', { authorization: 'Bearer not-a-key' })).statusCode).toBe(429);
  });

  it('expired rolls are deleted and free their budget (injected clock)', async () => {
    const before = store.size;
    expect(before).toBe(9);
    now = T0 + BLIND_ROLL_TTL_MS; // the T0 roll has expired
    expect((await blind('192.0.2.1')).statusCode).toBe(201);
    expect(store.size).toBe(before); // one deleted, one kept
    now = T0 + 2 * BLIND_ROLL_TTL_MS; // every roll made before has expired
    expect((await blind('192.0.2.9')).statusCode).toBe(201);
    expect(store.size).toBe(1);
  });
});

interface Target {
  name: string;
  open(): Promise<{ store: BlindRollStore; stored(): Promise<number>; close(): Promise<void> }>;
}

const targets: Target[] = [
  {
    name: 'memory',
    open: async () => {
      const store = memoryBlindRollStore();
      return { store, stored: async () => store.size, close: async () => {} };
    },
  },
  ...databaseTargets().map((target) => ({
    name: target.name,
    open: async () => {
      const db: Database = await target.open();
      const stored = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM blind_rolls')).rows[0]!.n);
      return { store: sqlBlindRollStore(db), stored, close: () => db.close() };
    },
  })),
];

function newRoll(createdAt: number, over: Partial<BlindRoll> = {}): Omit<BlindRoll, 'clientSeed' | 'revealedAt'> {
  const serverSeed = randomUUID();
  return { id: randomUUID(), notation: '3d6', repeat: null, serverSeed, commitment: sha256Hex(serverSeed), createdAt, expiresAt: createdAt + BLIND_ROLL_TTL_MS, ...over };
}

for (const target of targets) {
  describe(`blind roll store budgets and expiry on ${target.name}`, () => {
    let t: Awaited<ReturnType<Target['open']>>;
    beforeAll(async () => {
      t = await target.open();
    });
    afterAll(async () => t?.close());

    it('counts live rolls per client and in total; refusals keep nothing and say when a slot frees up', async () => {
      const base = T0 + 1000 * HOUR;
      const budget = (client: string): BlindRollBudget => ({ client, perClient: 2, total: 3 });
      expect(await t.store.create(newRoll(base), budget('a'))).toBeUndefined();
      expect(await t.store.create(newRoll(base + HOUR), budget('a'))).toBeUndefined();
      const count = await t.stored();
      expect(await t.store.create(newRoll(base + 2 * HOUR), budget('a'))).toEqual({ scope: 'client', limit: 2, freesAt: base + BLIND_ROLL_TTL_MS });
      expect(await t.store.create(newRoll(base + 2 * HOUR), budget('b'))).toBeUndefined();
      expect(await t.store.create(newRoll(base + 3 * HOUR), budget('c'))).toEqual({ scope: 'total', limit: 3, freesAt: base + BLIND_ROLL_TTL_MS });
      // rolls without a budget (API keys) count in neither
      expect(await t.store.create(newRoll(base + 3 * HOUR))).toBeUndefined();
      expect(await t.stored()).toBe(count + 2);
      // a roll expired at `createdAt` does not count
      expect(await t.store.create(newRoll(base + BLIND_ROLL_TTL_MS), budget('a'))).toBeUndefined();
      // 0: no cap
      for (let k = 0; k < 3; k++) expect(await t.store.create(newRoll(base + BLIND_ROLL_TTL_MS), { client: 'a', perClient: 0, total: 0 })).toBeUndefined();
    });

    it('concurrent rolls of one client never pass its budget', async () => {
      const at = T0 + 3000 * HOUR;
      const answers = await Promise.all(Array.from({ length: 8 }, () => t.store.create(newRoll(at), { client: 'racer', perClient: 3, total: 0 })));
      expect(answers.filter((a) => a === undefined)).toHaveLength(3);
    });

    it('expiry deletes the rows (purgeExpired, and the service before every new roll)', async () => {
      await t.store.purgeExpired(T0 + 100 * BLIND_ROLL_TTL_MS);
      expect(await t.stored()).toBe(0);
      let now = T0;
      let n = 0;
      const service = new BlindRollService(t.store, { clock: { now: () => now }, ids: { newId: () => randomUUID(), randomSeed: () => `seed-${++n}` } });
      const budget = { client: 'c1', perClient: 2, total: 0 };
      await service.create('1d6', undefined, budget);
      now += HOUR;
      await service.create('1d6', undefined, budget);
      await expect(service.create('1d6', undefined, budget)).rejects.toMatchObject({
        name: 'BlindRollBudgetFull',
        scope: 'client',
        limit: 2,
        retryAfter: (BLIND_ROLL_TTL_MS - HOUR) / 1000,
      });
      await expect(service.create('1d6', undefined, budget)).rejects.toBeInstanceOf(BlindRollBudgetFull);
      expect(await t.stored()).toBe(2);
      now = T0 + BLIND_ROLL_TTL_MS; // the first has expired: deleted as the next one comes
      await service.create('1d6', undefined, budget);
      expect(await t.stored()).toBe(2);
      now = T0 + 2 * BLIND_ROLL_TTL_MS;
      expect(await t.store.purgeExpired(now)).toBe(2);
      expect(await t.stored()).toBe(0);
    });
  });
}
