/**
 * Stored EDEN army lists (port: src/app/league/ports.ts) in the `eden_rosters` table (migration
 * 20261201000000_league; `sealed_until` and `revealed_at` from 20261221000000_catalogs, `seal_salt` from
 * 20261223000000_roster_seal_salt), on
 * PostgreSQL or PGlite, through the Prisma client (./prisma/client.ts). The per-owner quota is exact
 * across processes: a save under a quota takes a transaction-scoped advisory lock on its owner
 * (raw SQL: Prisma has no advisory locks), counts the owner's rows (index
 * `eden_rosters_owner_id_created_at_idx`) and inserts in the same transaction.
 */
import type { Database } from '../app/ports.js';
import { RosterQuotaExceeded, type RosterStore, type StoredRoster } from '../app/league/ports.js';
import { InvalidInput } from '../kernel/errors.js';
import { unstorableProblems } from './event-store/storable.js';
import { prismaFor, type Prisma, type PrismaTransaction } from './prisma/client.js';

const ROW = { id: true, ownerId: true, roster: true, validation: true, createdAt: true, sealedUntil: true, revealedAt: true, sealSalt: true } satisfies Prisma.EdenRosterSelect;

type Row = Prisma.EdenRosterGetPayload<{ select: typeof ROW }>;

const iso = (v: Date | null) => (v === null ? null : v.toISOString());
const toStored = (r: Row): StoredRoster => ({
  id: r.id,
  ownerId: r.ownerId,
  roster: r.roster,
  validation: r.validation,
  createdAt: r.createdAt.toISOString(),
  sealedUntil: iso(r.sealedUntil),
  revealedAt: iso(r.revealedAt),
  salt: r.sealSalt,
});

/** An ISO 8601 time as the table takes it (null stays null). */
const time = (v: string | null | undefined) => (v === null || v === undefined ? null : new Date(v));

const count = (client: PrismaTransaction, ownerId: string) => client.edenRoster.count({ where: { ownerId } });

export function sqlRosterStore(db: Database): RosterStore {
  const prisma = () => prismaFor(db);
  const insert = async (client: PrismaTransaction, r: Omit<StoredRoster, 'createdAt'>) =>
    toStored(
      await client.edenRoster.create({
        data: {
          id: r.id,
          ownerId: r.ownerId,
          roster: r.roster as Prisma.InputJsonValue,
          validation: r.validation as Prisma.InputJsonValue,
          sealedUntil: time(r.sealedUntil),
          revealedAt: time(r.revealedAt),
          sealSalt: r.salt ?? null,
        },
        select: ROW,
      }),
    );
  return {
    async save(r, limits = {}) {
      // the same 400 on every backend for text PostgreSQL cannot hold
      const problems = unstorableProblems(r.roster, '/roster');
      if (problems.length) throw new InvalidInput(problems);
      const max = limits.maxPerOwner;
      if (max === undefined) return insert(prisma(), r);
      return prisma().$transaction(async (tx) => {
        // one save per owner at a time: the count and the insert agree, whatever runs beside them
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${'eden_rosters:' + r.ownerId}))`;
        if ((await count(tx, r.ownerId)) >= max) throw new RosterQuotaExceeded(max);
        return insert(tx, r);
      });
    },
    countByOwner: (ownerId) => count(prisma(), ownerId),
    async find(id) {
      // ids are ours (uuid-like); anything longer cannot be one
      if (id.length > 100) return undefined;
      const row = await prisma().edenRoster.findUnique({ where: { id }, select: ROW });
      return row ? toStored(row) : undefined;
    },
    async reveal(id, ownerId, at) {
      if (id.length > 100) return undefined;
      // the first reveal's time stays: only an unrevealed row is stamped, any other is read as it is
      const [revealed] = await prisma().edenRoster.updateManyAndReturn({ where: { id, ownerId, revealedAt: null }, data: { revealedAt: new Date(at) }, select: ROW });
      if (revealed) return toStored(revealed);
      const row = await prisma().edenRoster.findFirst({ where: { id, ownerId }, select: ROW });
      return row ? toStored(row) : undefined;
    },
  };
}
