/**
 * API keys in memory: the same contract as the SQL store (src/infra/keys.ts; tests/contract/api-keys.test.ts
 * runs one suite against both), for fast API tests and tools that need no database. Nothing survives
 * the process. Port: `ApiKeyStore` in src/app/ports.ts.
 *
 * Like the table, it keeps only each key's SHA-256 (the plaintext is in `create`'s answer alone),
 * gives random uuids as ids and revokes once. Keys that cannot be ours and ids that are not uuids are
 * unknown before any lookup, exactly as in the SQL store (the same format checks, from ../keys.ts);
 * ids are compared as PostgreSQL compares a uuid (either case). A name with a NUL character is refused,
 * as the `text` column refuses it. Answers are fresh objects: changing one changes nothing stored.
 */
import type { ApiKeyStore, Clock } from '../../app/ports.js';
import { KEY_FORMAT, UUID, generateKey, hashKey } from '../keys.js';
import { randomUUID } from 'node:crypto';

interface StoredKey {
  id: string;
  name: string;
  keyHash: string;
  createdAt: number;
  revokedAt: number | null;
}

export function memoryApiKeyStore(clock: Clock = { now: () => Date.now() }): ApiKeyStore {
  /** By id, in creation order. */
  const byId = new Map<string, StoredKey>();
  const byHash = new Map<string, StoredKey>();
  // TIMESTAMPTZ(3): milliseconds
  const now = () => Math.floor(clock.now());

  return {
    async create(name) {
      if (name.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
      const key = generateKey();
      const stored: StoredKey = { id: randomUUID(), name: Buffer.from(name, 'utf8').toString('utf8'), keyHash: hashKey(key), createdAt: now(), revokedAt: null };
      byId.set(stored.id, stored);
      byHash.set(stored.keyHash, stored);
      return { id: stored.id, name: stored.name, key, createdAt: new Date(stored.createdAt) };
    },
    async resolve(key) {
      if (!KEY_FORMAT.test(key)) return undefined;
      const stored = byHash.get(hashKey(key));
      return stored && stored.revokedAt === null ? { id: stored.id, name: stored.name } : undefined;
    },
    async revoke(id) {
      if (!UUID.test(id)) return false;
      const stored = byId.get(id.toLowerCase());
      if (!stored || stored.revokedAt !== null) return false;
      stored.revokedAt = now();
      return true;
    },
    async revokedAmong(ids) {
      const wanted = new Set(ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()));
      return [...byId.values()].filter((k) => k.revokedAt !== null && wanted.has(k.id)).map((k) => k.id);
    },
  };
}
