/**
 * API-key contract (CONTRACT §0): one suite over every implementation of the ApiKeyStore port
 * (src/app/ports.ts): the in-memory store (src/infra/memory/api-keys.ts), and the SQL store
 * (src/infra/keys.ts) on every database target (embedded PGlite always, a fresh PostgreSQL database
 * when DATABASE_URL is set). Plus, on the databases only, a look at the stored row: the hash, never
 * the key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ApiKeyStore, Database } from '../../src/app/ports.js';
import { KEY_FORMAT, KEY_PREFIX, apiKeyStore, generateKey, hashKey } from '../../src/infra/keys.js';
import { memoryApiKeyStore } from '../../src/infra/memory/api-keys.js';
import { databaseTargets } from '../helpers/database.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface StoreTarget {
  name: string;
  open(): Promise<{ store: ApiKeyStore; db?: Database; close(): Promise<void> }>;
}

/** Every implementation of the port: in memory, and the SQL store on every database target. */
const storeTargets: StoreTarget[] = [
  { name: 'memory', open: async () => ({ store: memoryApiKeyStore(), close: async () => {} }) },
  ...databaseTargets().map((target) => ({
    name: target.name,
    open: async () => {
      const db = await target.open();
      return { store: apiKeyStore(db), db, close: () => db.close() };
    },
  })),
];

for (const target of storeTargets) {
  describe(`api keys on ${target.name}`, () => {
    let close: (() => Promise<void>) | undefined;
    let store: ApiKeyStore;
    let db: Database | undefined;
    beforeAll(async () => {
      ({ store, db, close } = await target.open());
    });
    afterAll(async () => close?.());

    it('creates a key shown once: a fresh arb_ key, a uuid id, the name and the time', async () => {
      const before = Date.now();
      const created = await store.create('Ana');
      expect(created).toMatchObject({ id: expect.stringMatching(UUID), name: 'Ana', key: expect.stringMatching(KEY_FORMAT) });
      expect(created.key.startsWith(KEY_PREFIX)).toBe(true);
      expect(created.createdAt).toBeInstanceOf(Date);
      expect(created.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(created.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      const again = await store.create('Ana');
      expect(again.id).not.toBe(created.id);
      expect(again.key).not.toBe(created.key);
    });

    it('resolves a key to its owner, a fresh answer each time', async () => {
      const created = await store.create('Bea');
      const owner = await store.resolve(created.key);
      expect(owner).toStrictEqual({ id: created.id, name: 'Bea' });
      owner!.name = 'changed';
      expect(await store.resolve(created.key)).toStrictEqual({ id: created.id, name: 'Bea' });
    });

    it('resolves nothing for a malformed or unknown key', async () => {
      const { key } = await store.create('Cy');
      for (const bad of ['', KEY_PREFIX, key + 'x', key.slice(0, -1), key.slice(KEY_PREFIX.length), 'ARB_' + key.slice(4), ` ${key}`, key.replace(/.$/, '!'), hashKey(key)]) {
        expect(await store.resolve(bad), JSON.stringify(bad)).toBeUndefined();
      }
      expect(await store.resolve(generateKey())).toBeUndefined();
    });

    it('revokes once: the key resolves no more, and a second revocation is false', async () => {
      const created = await store.create('Dee');
      const other = await store.create('Dee');
      expect(await store.revoke(created.id)).toBe(true);
      expect(await store.resolve(created.key)).toBeUndefined();
      expect(await store.revoke(created.id)).toBe(false);
      expect(await store.resolve(other.key)).toStrictEqual({ id: other.id, name: 'Dee' });
    });

    it('revokes nothing for an id that is not a uuid or is unknown; reads a uuid in either case', async () => {
      for (const bad of ['', 'not-a-uuid', 'arb_x', `{${randomUUID()}}`, randomUUID().replace(/-/g, ''), `${randomUUID()} `]) {
        expect(await store.revoke(bad), JSON.stringify(bad)).toBe(false);
      }
      expect(await store.revoke(randomUUID())).toBe(false);
      const created = await store.create('Eve');
      expect(await store.revoke(created.id.toUpperCase())).toBe(true);
      expect(await store.resolve(created.key)).toBeUndefined();
      expect(await store.revoke(created.id)).toBe(false);
    });

    it('names the revoked among given ids, ignoring active, unknown and malformed ones', async () => {
      const [a, b, c] = [await store.create('Fay'), await store.create('Fay'), await store.create('Gus')];
      await store.revoke(a.id);
      await store.revoke(c.id);
      expect(await store.revokedAmong([])).toEqual([]);
      expect(await store.revokedAmong(['not-a-uuid', randomUUID()])).toEqual([]);
      expect(await store.revokedAmong([b.id])).toEqual([]);
      const revoked = await store.revokedAmong([a.id, b.id, 'not-a-uuid', randomUUID(), c.id.toUpperCase(), a.id]);
      expect([...revoked].sort()).toEqual([a.id, c.id].sort());
    });

    it('refuses a name with a NUL character', async () => {
      await expect(store.create('a\u0000b')).rejects.toThrow();
    });

    it.skipIf(target.name === 'memory')('stores the SHA-256 of the key, never the key', async () => {
      const created = await store.create('Hal');
      const { rows } = await db!.query<{ key_hash: string; name: string }>('SELECT key_hash, name FROM api_keys WHERE id = $1', [created.id]);
      expect(rows).toEqual([{ key_hash: hashKey(created.key), name: 'Hal' }]);
      const { rows: leaked } = await db!.query('SELECT id FROM api_keys WHERE position($1 in api_keys::text) > 0', [created.key]);
      expect(leaked).toEqual([]);
    });
  });
}

describe('api keys in memory', () => {
  it('stamps createdAt from its clock, to the millisecond', async () => {
    const store = memoryApiKeyStore({ now: () => Date.parse('2030-01-02T03:04:05.678Z') + 0.9 });
    expect((await store.create('Ivy')).createdAt.toISOString()).toBe('2030-01-02T03:04:05.678Z');
  });

  it('keeps nothing of one store in another', async () => {
    const created = await memoryApiKeyStore().create('Jo');
    const other = memoryApiKeyStore();
    expect(await other.resolve(created.key)).toBeUndefined();
    expect(await other.revoke(created.id)).toBe(false);
  });
});
