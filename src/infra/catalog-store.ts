/**
 * A league's stored EDEN catalogs (port: `CatalogStore` in src/app/league/ports.ts) in the
 * `eden_catalogs` table (migration 20261221000000_catalogs), one row per version, on PostgreSQL or
 * PGlite, through the Prisma client (./prisma/client.ts). Every write takes a transaction-scoped
 * advisory lock on its owner (raw SQL: Prisma has no advisory locks), so the per-owner quota
 * (counted over every version the owner stores) and the next version number are exact across
 * processes: concurrent updates of one catalog get consecutive versions, and never pass the quota.
 */
import type { Database } from '../app/ports.js';
import { CatalogQuotaExceeded, type CatalogStore, type StoredCatalog } from '../app/league/ports.js';
import { InvalidInput } from '../kernel/errors.js';
import { unstorableProblems } from './event-store/storable.js';
import { prismaFor, type Prisma, type PrismaTransaction } from './prisma/client.js';

const ROW = { id: true, version: true, ownerId: true, body: true, sha256: true, createdAt: true } satisfies Prisma.EdenCatalogSelect;

type Row = Prisma.EdenCatalogGetPayload<{ select: typeof ROW }>;

const toStored = (r: Row): StoredCatalog => ({
  id: r.id,
  ownerId: r.ownerId,
  version: r.version,
  body: r.body,
  sha256: r.sha256,
  createdAt: r.createdAt.toISOString(),
});

/** Versions are stored as INTEGER: a larger one cannot exist. */
const MAX_VERSION = 2_147_483_647;

const count = (client: PrismaTransaction, ownerId: string) => client.edenCatalog.count({ where: { ownerId } });

export function sqlCatalogStore(db: Database): CatalogStore {
  const prisma = () => prismaFor(db);
  /** In one transaction under the owner's lock: its quota checked, then `write`. */
  const locked = async <T>(c: Omit<StoredCatalog, 'createdAt' | 'version'>, max: number | undefined, write: (tx: PrismaTransaction) => Promise<T>) => {
    // the same 400 on every backend for text PostgreSQL cannot hold
    const problems = unstorableProblems(c.body, '');
    if (problems.length) throw new InvalidInput(problems);
    return prisma().$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${'eden_catalogs:' + c.ownerId}))`;
      if (max !== undefined && (await count(tx, c.ownerId)) >= max) throw new CatalogQuotaExceeded(max);
      return write(tx);
    });
  };
  const insert = async (tx: PrismaTransaction, c: Omit<StoredCatalog, 'createdAt'>) =>
    toStored(
      await tx.edenCatalog.create({
        data: { id: c.id, version: c.version, ownerId: c.ownerId, body: c.body as Prisma.InputJsonValue, sha256: c.sha256 },
        select: ROW,
      }),
    );
  return {
    create: (c, limits = {}) => locked(c, limits.maxPerOwner, (tx) => insert(tx, { ...c, version: 1 })),
    async update(c, limits = {}) {
      if (c.id.length > 100) return undefined;
      return locked(c, undefined, async (tx) => {
        // the catalog's owner (every version has the same): only it adds versions, and its lock is the one held
        const latest = await tx.edenCatalog.findFirst({ where: { id: c.id }, orderBy: { version: 'desc' }, select: { ownerId: true, version: true } });
        if (!latest || latest.ownerId !== c.ownerId) return undefined;
        const max = limits.maxPerOwner;
        if (max !== undefined && (await count(tx, c.ownerId)) >= max) throw new CatalogQuotaExceeded(max);
        return insert(tx, { ...c, version: latest.version + 1 });
      });
    },
    async find(id, version) {
      if (id.length > 100 || (version !== undefined && (!Number.isSafeInteger(version) || version < 1 || version > MAX_VERSION))) return undefined;
      const row =
        version === undefined
          ? await prisma().edenCatalog.findFirst({ where: { id }, orderBy: { version: 'desc' }, select: ROW })
          : await prisma().edenCatalog.findUnique({ where: { id_version: { id, version } }, select: ROW });
      return row ? toStored(row) : undefined;
    },
    async latestVersion(id) {
      if (id.length > 100) return 0;
      const { _max } = await prisma().edenCatalog.aggregate({ where: { id }, _max: { version: true } });
      return _max.version ?? 0;
    },
    countByOwner: (ownerId) => count(prisma(), ownerId),
  };
}
