/**
 * League catalog store contract (CONTRACT §8.4) for the CatalogStore port (src/app/league/ports.ts):
 * one suite over every implementation — in memory (src/infra/memory/catalog-store.ts) and the SQL
 * store (src/infra/catalog-store.ts) on every database target (embedded PGlite always, PostgreSQL
 * when DATABASE_URL is set) — with versions numbered per catalog and the per-owner quota exact
 * under concurrent writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { CatalogQuotaExceeded, type CatalogStore } from '../../src/app/league/ports.js';
import { InvalidInput } from '../../src/kernel/errors.js';
import { sqlCatalogStore } from '../../src/infra/catalog-store.js';
import { memoryCatalogStore } from '../../src/infra/memory/catalog-store.js';
import { databaseTargets } from '../helpers/database.js';

interface StoreTarget {
  name: string;
  open(): Promise<{ store: CatalogStore; close(): Promise<void> }>;
}

const storeTargets: StoreTarget[] = [
  { name: 'memory', open: async () => ({ store: memoryCatalogStore(), close: async () => {} }) },
  ...databaseTargets().map((target) => ({
    name: target.name,
    open: async () => {
      const db = await target.open();
      return { store: sqlCatalogStore(db), close: () => db.close() };
    },
  })),
];

const body = (n: number) => ({ name: `League ${n}`, fighters: [{ id: 'f', name: 'F', value: n }] });

for (const target of storeTargets) {
  describe(`catalog store on ${target.name}`, () => {
    let close: (() => Promise<void>) | undefined;
    let store: CatalogStore;
    beforeAll(async () => {
      ({ store, close } = await target.open());
    });
    afterAll(async () => close?.());

    it('stores version 1, then consecutive versions for its owner only; every version stays readable', async () => {
      const id = randomUUID();
      const first = await store.create({ id, ownerId: 'key-a', body: body(1), sha256: 'h1' });
      expect(first).toMatchObject({ id, ownerId: 'key-a', version: 1, body: body(1), sha256: 'h1' });
      expect(new Date(first.createdAt).toISOString()).toBe(first.createdAt);
      const second = await store.update({ id, ownerId: 'key-a', body: body(2), sha256: 'h2' });
      expect(second).toMatchObject({ id, version: 2, body: body(2), sha256: 'h2' });
      // another key is not the owner: nothing stored
      expect(await store.update({ id, ownerId: 'key-b', body: body(3), sha256: 'h3' })).toBeUndefined();
      expect(await store.latestVersion(id)).toBe(2);
      expect(await store.find(id)).toEqual(second);
      expect(await store.find(id, 1)).toEqual(first);
      expect(await store.find(id, 3)).toBeUndefined();
      expect(await store.find(id, 0)).toBeUndefined();
      expect(await store.find(randomUUID())).toBeUndefined();
      expect(await store.latestVersion(randomUUID())).toBe(0);
      expect(await store.update({ id: randomUUID(), ownerId: 'key-a', body: body(1), sha256: 'h' })).toBeUndefined();
      expect(await store.find('x'.repeat(200))).toBeUndefined();
    });

    it('answers copies: changing an answer or the body sent changes nothing stored', async () => {
      const id = randomUUID();
      const sent = body(5);
      const saved = await store.create({ id, ownerId: 'key-c', body: sent, sha256: 'h' });
      sent.fighters.push({ id: 'g', name: 'G', value: 1 });
      (saved.body as { fighters: unknown[] }).fighters.length = 0;
      expect((await store.find(id))?.body).toEqual(body(5));
    });

    it('refuses text PostgreSQL cannot store with the same 400 on every backend, and a duplicate id', async () => {
      const id = randomUUID();
      await expect(store.create({ id, ownerId: 'k', body: { name: 'a\u0000b' }, sha256: 'h' })).rejects.toBeInstanceOf(InvalidInput);
      await expect(store.create({ id, ownerId: 'k', body: { name: 'a\u0000b' }, sha256: 'h' })).rejects.toMatchObject({
        status: 400,
        errors: [{ path: '/name', code: 'unstorable_text' }],
      });
      expect(await store.find(id)).toBeUndefined();
      await store.create({ id, ownerId: 'k', body: body(1), sha256: 'h' });
      await expect(store.create({ id, ownerId: 'k', body: body(2), sha256: 'h' })).rejects.toThrow(/duplicate key/);
      expect((await store.find(id))?.body).toEqual(body(1));
    });

    it('counts every version against its owner and refuses one past maxPerOwner (nothing stored)', async () => {
      const owner = `quota-${randomUUID()}`;
      const id = randomUUID();
      await store.create({ id, ownerId: owner, body: body(1), sha256: 'h' }, { maxPerOwner: 2 });
      await store.update({ id, ownerId: owner, body: body(2), sha256: 'h' }, { maxPerOwner: 2 });
      expect(await store.countByOwner(owner)).toBe(2);
      await expect(store.update({ id, ownerId: owner, body: body(3), sha256: 'h' }, { maxPerOwner: 2 })).rejects.toBeInstanceOf(CatalogQuotaExceeded);
      await expect(store.create({ id: randomUUID(), ownerId: owner, body: body(3), sha256: 'h' }, { maxPerOwner: 2 })).rejects.toMatchObject({
        code: 'quota_exceeded',
        limit: 2,
      });
      expect(await store.latestVersion(id)).toBe(2);
      expect(await store.countByOwner(owner)).toBe(2);
      // another key's update of this catalog is not its owner's quota: simply not there
      expect(await store.update({ id, ownerId: `other-${owner}`, body: body(3), sha256: 'h' }, { maxPerOwner: 0 })).toBeUndefined();
    });

    it('numbers concurrent updates of one catalog consecutively, and keeps the quota exact under them', async () => {
      const owner = `race-${randomUUID()}`;
      const id = randomUUID();
      await store.create({ id, ownerId: owner, body: body(0), sha256: 'h' });
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => store.update({ id, ownerId: owner, body: body(i + 1), sha256: 'h' }, { maxPerOwner: 6 })));
      const versions = outcomes.filter((o) => o.status === 'fulfilled').map((o) => (o as PromiseFulfilledResult<{ version: number }>).value.version);
      expect(versions.sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6]);
      for (const o of outcomes.filter((o) => o.status === 'rejected')) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(CatalogQuotaExceeded);
      expect(await store.latestVersion(id)).toBe(6);
      expect(await store.countByOwner(owner)).toBe(6);
    });
  });
}

describe('catalog store in memory', () => {
  it('stamps createdAt from its clock', async () => {
    const store = memoryCatalogStore({ now: () => Date.parse('2030-01-02T03:04:05.678Z') });
    expect((await store.create({ id: 'c1', ownerId: 'k', body: {}, sha256: 'h' })).createdAt).toBe('2030-01-02T03:04:05.678Z');
  });
});
