/**
 * API keys (CONTRACT §0): `create` returns the plaintext key exactly once and stores only its
 * SHA-256; `resolve` maps a presented key to its owner, or undefined when unknown or revoked.
 * Backed by the Prisma client on the `Database` (table `api_keys`, migration 20261125000000_init).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyStore, Database, KeyOwner } from '../app/ports.js';
import { prismaFor } from './prisma/client.js';
import { memoOf } from './only-writer-memo.js';

export type { ApiKeyStore, CreatedKey, KeyOwner } from '../app/ports.js';

/** Every key starts with this prefix (lets secret scanners recognise leaked keys). */
export const KEY_PREFIX = 'arb_';
/** What a key looks like (anything else is unknown without a lookup). */
export const KEY_FORMAT = /^arb_[A-Za-z0-9_-]{43}$/;
/** An id as PostgreSQL reads a uuid (either case). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateKey(): string {
  return KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function apiKeyStore(database: Database): ApiKeyStore {
  const prisma = () => prismaFor(database);
  // the embedded database has one writer, this process: a key's owner and revocation are read once
  // until it revokes a key (../only-writer-memo.ts); PostgreSQL is read on every request
  const memo = memoOf<KeyOwner | boolean>(database, 'api keys');
  const kept = <T extends KeyOwner | boolean>(key: string, load: () => Promise<T | undefined>) => (memo ? (memo.read(key, load) as Promise<T | undefined>) : load());
  return {
    async create(name) {
      const key = generateKey();
      const row = await prisma().apiKey.create({ data: { name, keyHash: hashKey(key) }, select: { id: true, name: true, createdAt: true } });
      return { id: row.id, name: row.name, key, createdAt: row.createdAt };
    },
    async resolve(key) {
      // Anything that cannot be one of our keys is unknown without a database round trip.
      if (!KEY_FORMAT.test(key)) return undefined;
      const keyHash = hashKey(key);
      const owner = await kept<KeyOwner>(`owner ${keyHash}`, async () => {
        const row = await prisma().apiKey.findUnique({ where: { keyHash }, select: { id: true, name: true, revokedAt: true } });
        return row && row.revokedAt === null ? { id: row.id, name: row.name } : undefined;
      });
      // each caller its own answer (a kept one is shared)
      return owner && { ...owner };
    },
    async revoke(id) {
      if (!UUID.test(id)) return false;
      const revoke = async () => (await prisma().apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } })).count > 0;
      return memo ? memo.write(revoke) : revoke();
    },
    async revokedAmong(ids) {
      const valid = ids.filter((id) => UUID.test(id));
      if (valid.length === 0) return [];
      const among = async (some: string[]) => (await prisma().apiKey.findMany({ where: { id: { in: some }, revokedAt: { not: null } }, select: { id: true } })).map((r) => r.id);
      // one key (a seat token's owner, on every request): its answer kept
      if (valid.length === 1) return (await kept<boolean>(`revoked ${valid[0]}`, async () => (await among(valid)).length > 0)) ? valid : [];
      return among(valid);
    },
  };
}
