/**
 * Stored-list and receipt-key contract (CONTRACT §7.4): one suite over every database target
 * (embedded PGlite always, a fresh PostgreSQL database when DATABASE_URL is set) for the RosterStore
 * and ReceiptKeyStore ports (src/app/league/ports.ts) as src/infra implements them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Database } from '../../src/app/ports.js';
import type { RosterStore } from '../../src/app/league/ports.js';
import { sqlRosterStore } from '../../src/infra/roster-store.js';
import { sqlReceiptKeys } from '../../src/infra/receipt-keys.js';
import { databaseTargets } from '../helpers/database.js';

const pem = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

for (const target of databaseTargets()) {
  describe(`roster store and receipt keys on ${target.name}`, () => {
    let db: Database;
    let store: RosterStore;
    beforeAll(async () => {
      db = await target.open();
      store = sqlRosterStore(db);
    });
    afterAll(async () => db?.close());

    it('stores a list and finds it by id for anyone', async () => {
      const id = randomUUID();
      const saved = await store.save({ id, ownerId: 'key-a', roster: { bandType: 'faction', fighters: [{ ref: 'yuri' }] }, validation: { valid: true } });
      expect(saved).toMatchObject({ id, ownerId: 'key-a', createdAt: expect.any(String) });
      expect(await store.find(id)).toEqual(saved);
      expect(await store.find(randomUUID())).toBeUndefined();
      expect(await store.find('x'.repeat(200))).toBeUndefined();
    });

    it('refuses text PostgreSQL cannot store with the same 400 on every backend', async () => {
      await expect(store.save({ id: randomUUID(), ownerId: 'k', roster: { affiliation: 'a\u0000b' }, validation: {} })).rejects.toMatchObject({
        status: 400,
        errors: [{ path: '/roster/affiliation', code: 'unstorable_text' }],
      });
    });

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
