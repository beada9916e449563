/**
 * API keys (CONTRACT §0): `create` returns the plaintext key exactly once and stores only its
 * SHA-256; `resolve` maps a presented key to its owner, or undefined when unknown or revoked.
 * Backed by the Prisma client on the `Database` (table `api_keys`, migration 20261125000000_init).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyStore, Database } from '../app/ports.js';
import { prismaFor } from './prisma/client.js';

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
  return {
    async create(name) {
      const key = generateKey();
      const row = await prisma().apiKey.create({ data: { name, keyHash: hashKey(key) }, select: { id: true, name: true, createdAt: true } });
      return { id: row.id, name: row.name, key, createdAt: row.createdAt };
    },
    async resolve(key) {
      // Anything that cannot be one of our keys is unknown without a database round trip.
      if (!KEY_FORMAT.test(key)) return undefined;
      const row = await prisma().apiKey.findUnique({ where: { keyHash: hashKey(key) }, select: { id: true, name: true, revokedAt: true } });
      return row && row.revokedAt === null ? { id: row.id, name: row.name } : undefined;
    },
    async revoke(id) {
      if (!UUID.test(id)) return false;
      const { count } = await prisma().apiKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
      return count > 0;
    },
    async revokedAmong(ids) {
      const valid = ids.filter((id) => UUID.test(id));
      if (valid.length === 0) return [];
      const rows = await prisma().apiKey.findMany({ where: { id: { in: valid }, revokedAt: { not: null } }, select: { id: true } });
      return rows.map((r) => r.id);
    },
  };
}
