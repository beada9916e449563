/**
 * Stored-list and receipt-key contract (CONTRACT §7.4) for the RosterStore and ReceiptKeyStore ports
 * (src/app/league/ports.ts): one roster suite over every implementation (in memory,
 * src/infra/memory/roster-store.ts; the SQL store, src/infra/roster-store.ts, on every database
 * target: embedded PGlite always, a fresh PostgreSQL database when DATABASE_URL is set), with the
 * per-owner quota (MAX_STORED_ROSTERS_PER_KEY) exact under concurrent saves on each; the SQL
 * receipt keys on every database target (their rows inspected directly), and the in-memory ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Database } from '../../src/app/ports.js';
import { RosterQuotaExceeded, type RosterStore } from '../../src/app/league/ports.js';
import { InvalidInput } from '../../src/kernel/errors.js';
import { sqlRosterStore } from '../../src/infra/roster-store.js';
import { memoryRosterStore } from '../../src/infra/memory/roster-store.js';
import { configuredKey, memoryReceiptKeys, sqlReceiptKeys } from '../../src/infra/receipt-keys.js';
import { databaseTargets } from '../helpers/database.js';

const pem = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

interface StoreTarget {
  name: string;
  open(): Promise<{ store: RosterStore; close(): Promise<void> }>;
}

/** Every implementation of the port: in memory, and the SQL store on every database target. */
const storeTargets: StoreTarget[] = [
  { name: 'memory', open: async () => ({ store: memoryRosterStore(), close: async () => {} }) },
  ...databaseTargets().map((target) => ({
    name: target.name,
    open: async () => {
      const db = await target.open();
      return { store: sqlRosterStore(db), close: () => db.close() };
    },
  })),
];

for (const target of storeTargets) {
  describe(`roster store on ${target.name}`, () => {
    let close: (() => Promise<void>) | undefined;
    let store: RosterStore;
    beforeAll(async () => {
      ({ store, close } = await target.open());
    });
    afterAll(async () => close?.());

    it('stores a list and finds it by id for anyone', async () => {
      const id = randomUUID();
      const saved = await store.save({ id, ownerId: 'key-a', roster: { bandType: 'faction', fighters: [{ ref: 'yuri' }] }, validation: { valid: true } });
      expect(saved).toMatchObject({ id, ownerId: 'key-a', createdAt: expect.any(String) });
      expect(new Date(saved.createdAt).toISOString()).toBe(saved.createdAt);
      expect(await store.find(id)).toEqual(saved);
      expect(await store.find(randomUUID())).toBeUndefined();
      expect(await store.find('x'.repeat(200))).toBeUndefined();
    });

    it('refuses text PostgreSQL cannot store with the same 400 on every backend', async () => {
      await expect(store.save({ id: randomUUID(), ownerId: 'k', roster: { affiliation: 'a\u0000b' }, validation: {} })).rejects.toMatchObject({
        status: 400,
        errors: [{ path: '/roster/affiliation', code: 'unstorable_text' }],
      });
      const id = randomUUID();
      const refused = store.save({ id, ownerId: 'k', roster: { fighters: [{ 'na\ud800me': 'x' }, 'y\udc00'] }, validation: {} });
      await expect(refused).rejects.toBeInstanceOf(InvalidInput);
      await expect(refused).rejects.toMatchObject({ errors: [{ path: '/roster/fighters/0/na\ud800me' }, { path: '/roster/fighters/1' }] });
      expect(await store.find(id)).toBeUndefined();
    });

    it('answers copies of what it stores, JSON values as jsonb gives them back', async () => {
      const roster = { fighters: [{ ref: 'yuri', note: undefined }], bandType: 'faction' };
      const validation = { valid: false, problems: ['p'] };
      const saved = await store.save({ id: randomUUID(), ownerId: 'key-b', roster, validation });
      roster.fighters.push({ ref: 'added', note: undefined });
      validation.problems.push('q');
      expect(saved.roster).toStrictEqual({ bandType: 'faction', fighters: [{ ref: 'yuri' }] });
      expect(Object.keys(saved.roster as object)).toEqual(['bandType', 'fighters']);
      (saved.validation as { problems: string[] }).problems.length = 0;
      const found = await store.find(saved.id);
      expect(found).toStrictEqual({ ...saved, validation: { valid: false, problems: ['p'] } });
      expect(Object.keys(found!.roster as object)).toEqual(['bandType', 'fighters']);
      (found!.roster as { fighters: unknown[] }).fighters.push('changed');
      (saved.roster as { fighters: unknown[] }).fighters.push('changed');
      expect((await store.find(saved.id))?.roster).toStrictEqual({ bandType: 'faction', fighters: [{ ref: 'yuri' }] });
    });

    it('refuses what the table cannot hold (not a 400: the caller sent it), and stores nothing of it', async () => {
      const id = randomUUID();
      await store.save({ id, ownerId: 'key-c', roster: { n: 1 }, validation: {} });
      await expect(store.save({ id, ownerId: 'key-c', roster: { n: 2 }, validation: {} })).rejects.toThrow(/duplicate key/);
      expect((await store.find(id))?.roster).toEqual({ n: 1 });
      for (const bad of [
        { id: randomUUID(), ownerId: 'key-c', roster: {}, validation: { note: 'a\u0000' } },
        { id: randomUUID(), ownerId: 'key-c', roster: undefined, validation: {} },
        { id: randomUUID(), ownerId: 'key-c\u0000', roster: {}, validation: {} },
      ]) {
        const refused = store.save(bad);
        await expect(refused).rejects.toThrow();
        await expect(refused).rejects.not.toBeInstanceOf(InvalidInput);
        expect(await store.find(bad.id)).toBeUndefined();
      }
      await expect(store.save({ id: 'r\u0000', ownerId: 'key-c', roster: {}, validation: {} })).rejects.toThrow();
    });

    it('counts lists per owner and refuses one past maxPerOwner (RosterQuotaExceeded, nothing stored)', async () => {
      const owner = `quota-${randomUUID()}`;
      expect(await store.countByOwner(owner)).toBe(0);
      for (let i = 0; i < 3; i++) await store.save({ id: randomUUID(), ownerId: owner, roster: { n: i }, validation: {} }, { maxPerOwner: 3 });
      expect(await store.countByOwner(owner)).toBe(3);
      const id = randomUUID();
      const refused = store.save({ id, ownerId: owner, roster: { n: 3 }, validation: {} }, { maxPerOwner: 3 });
      await expect(refused).rejects.toBeInstanceOf(RosterQuotaExceeded);
      await expect(refused).rejects.toMatchObject({ code: 'quota_exceeded', limit: 3, extra: { limit: 3 } });
      expect(await store.find(id)).toBeUndefined();
      expect(await store.countByOwner(owner)).toBe(3);
      // a higher limit, or none, lets the owner store again; other owners are not counted
      await store.save({ id: randomUUID(), ownerId: owner, roster: {}, validation: {} }, { maxPerOwner: 4 });
      await store.save({ id: randomUUID(), ownerId: owner, roster: {}, validation: {} });
      expect(await store.countByOwner(owner)).toBe(5);
      await store.save({ id: randomUUID(), ownerId: `other-${owner}`, roster: {}, validation: {} }, { maxPerOwner: 1 });
      await expect(store.save({ id: randomUUID(), ownerId: `none-${owner}`, roster: {}, validation: {} }, { maxPerOwner: 0 })).rejects.toBeInstanceOf(RosterQuotaExceeded);
      expect(await store.countByOwner(`none-${owner}`)).toBe(0);
    });

    it('keeps the quota exact when one owner saves many lists at once', async () => {
      const owner = `race-${randomUUID()}`;
      const outcomes = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) => store.save({ id: randomUUID(), ownerId: owner, roster: { n: i }, validation: {} }, { maxPerOwner: 5 })),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(refused).toHaveLength(7);
      for (const r of refused) expect(r.reason).toBeInstanceOf(RosterQuotaExceeded);
      expect(await store.countByOwner(owner)).toBe(5);
    });

    it('checks the quota where the SQL store does: after the 400 and the owner, before the row', async () => {
      const owner = `order-${randomUUID()}`;
      const id = randomUUID();
      await store.save({ id, ownerId: owner, roster: {}, validation: {} }, { maxPerOwner: 1 });
      // at the limit: a duplicate id, or a validation the table cannot hold, is the quota
      await expect(store.save({ id, ownerId: owner, roster: {}, validation: {} }, { maxPerOwner: 1 })).rejects.toBeInstanceOf(RosterQuotaExceeded);
      await expect(store.save({ id: randomUUID(), ownerId: owner, roster: {}, validation: { note: 'a\u0000' } }, { maxPerOwner: 1 })).rejects.toBeInstanceOf(RosterQuotaExceeded);
      // text the list cannot hold is the 400 first; an owner the table cannot hold is not the quota
      await expect(store.save({ id: randomUUID(), ownerId: owner, roster: { a: 'a\u0000' }, validation: {} }, { maxPerOwner: 1 })).rejects.toBeInstanceOf(InvalidInput);
      const badOwner = store.save({ id: randomUUID(), ownerId: 'o\u0000', roster: {}, validation: {} }, { maxPerOwner: 1 });
      await expect(badOwner).rejects.toThrow();
      await expect(badOwner).rejects.not.toBeInstanceOf(RosterQuotaExceeded);
    });

    it('keeps a sealed time, and lets only the owner reveal (the first reveal time stays) (CONTRACT §8.4)', async () => {
      const id = randomUUID();
      const saved = await store.save({ id, ownerId: 'key-s', roster: {}, validation: {}, sealedUntil: '2030-03-06T19:00:00.000Z' });
      expect(saved).toMatchObject({ sealedUntil: '2030-03-06T19:00:00.000Z', revealedAt: null });
      expect(await store.find(id)).toEqual(saved);
      expect(await store.reveal(id, 'key-other', '2030-03-06T18:00:00.000Z')).toBeUndefined();
      expect((await store.find(id))?.revealedAt).toBeNull();
      const revealed = await store.reveal(id, 'key-s', '2030-03-06T18:30:00.000Z');
      expect(revealed).toEqual({ ...saved, revealedAt: '2030-03-06T18:30:00.000Z' });
      expect((await store.reveal(id, 'key-s', '2030-03-06T18:45:00.000Z'))?.revealedAt).toBe('2030-03-06T18:30:00.000Z');
      expect(await store.find(id)).toEqual(revealed);
      expect(await store.reveal(randomUUID(), 'key-s', '2030-03-06T18:30:00.000Z')).toBeUndefined();
      const open = await store.save({ id: randomUUID(), ownerId: 'key-s', roster: {}, validation: {} });
      expect(open).toMatchObject({ sealedUntil: null, revealedAt: null });
    });

    it('finds ids exactly (text), and nothing longer than 100 characters without a lookup', async () => {
      const id = 'L'.repeat(100);
      await store.save({ id, ownerId: 'key-d', roster: {}, validation: {} });
      expect((await store.find(id))?.id).toBe(id);
      expect(await store.find(id.toLowerCase())).toBeUndefined();
      expect(await store.find(id + 'L')).toBeUndefined();
      expect(await store.find('\u0000'.repeat(101))).toBeUndefined();
      await expect(store.find('a\u0000')).rejects.toThrow();
    });
  });
}

describe('roster store in memory', () => {
  it('stamps createdAt from its clock', async () => {
    const store = memoryRosterStore({ now: () => Date.parse('2030-01-02T03:04:05.678Z') });
    const saved = await store.save({ id: 'r1', ownerId: 'k', roster: {}, validation: {} });
    expect(saved.createdAt).toBe('2030-01-02T03:04:05.678Z');
    expect((await store.find('r1'))?.createdAt).toBe('2030-01-02T03:04:05.678Z');
  });
});

for (const target of databaseTargets()) {
  describe(`receipt keys on ${target.name}`, () => {
    let db: Database;
    beforeAll(async () => {
      db = await target.open();
    });
    afterAll(async () => db?.close());

    it('generates one key for concurrent processes, keeps it, and retires it for a configured key', async () => {
      const [a, b] = [sqlReceiptKeys(db), sqlReceiptKeys(db)];
      const [ka, kb] = await Promise.all([a.signingKey(), b.signingKey()]);
      expect(ka.kid).toBe(kb.kid);
      expect((await sqlReceiptKeys(db).signingKey()).kid).toBe(ka.kid);
      const configured = sqlReceiptKeys(db, pem());
      const kc = await configured.signingKey();
      expect(kc.kid).not.toBe(ka.kid);
      const published = (await configured.publicKeys()).map((k) => k.kid);
      expect(published).toEqual(expect.arrayContaining([ka.kid, kc.kid]));
      const { rows } = await db.query<{ kid: string; private_key: string | null; retired: boolean }>(
        'SELECT kid, private_key, retired_at IS NOT NULL AS retired FROM receipt_keys',
      );
      expect(rows.find((r) => r.kid === kc.kid)).toMatchObject({ private_key: null, retired: false });
      expect(rows.find((r) => r.kid === ka.kid)).toMatchObject({ retired: true });
      // the configured key gone: a new key is generated, the old ones stay published
      const after = sqlReceiptKeys(db);
      const kd = await after.signingKey();
      expect([ka.kid, kc.kid]).not.toContain(kd.kid);
      expect((await after.publicKeys()).map((k) => k.kid)).toEqual(expect.arrayContaining([ka.kid, kc.kid, kd.kid]));
    });
  });
}

describe('receipt keys in memory', () => {
  it('signs with the configured key, else with one generated once for the store, and publishes it', async () => {
    const key = pem();
    const configured = memoryReceiptKeys(key);
    const kc = await configured.signingKey();
    expect(kc.kid).toBe(configuredKey(key)!.kid);
    expect(await configured.publicKeys()).toEqual([configuredKey(key)!.jwk]);

    const generated = memoryReceiptKeys();
    const kg = await generated.signingKey();
    expect((await generated.signingKey()).kid).toBe(kg.kid);
    expect(kg.privateKey.asymmetricKeyType).toBe('ed25519');
    expect(await generated.publicKeys()).toEqual([expect.objectContaining({ kid: kg.kid, kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' })]);
    expect((await memoryReceiptKeys().signingKey()).kid).not.toBe(kg.kid);
  });
});
