/**
 * Blind rolls (port: src/app/dice/blind-ports.ts) in the `blind_rolls` table (migration
 * 20261220000000_blind_rolls), on PostgreSQL or PGlite, through the Prisma client
 * (./prisma/client.ts). The first reveal wins atomically: one `UPDATE … WHERE revealed_at IS NULL
 * … RETURNING` (`updateManyAndReturn`) fixes the client seed, and whoever finds it already set
 * reads the row as that reveal left it. Times are the caller's (`now`), never the server's.
 */
import type { Database } from '../app/ports.js';
import type { BlindRoll, BlindRollStore } from '../app/dice/blind-ports.js';
import { prismaFor, type Prisma } from './prisma/client.js';

const ROW = {
  id: true,
  notation: true,
  repeat: true,
  serverSeed: true,
  commitment: true,
  clientSeed: true,
  createdAt: true,
  expiresAt: true,
  revealedAt: true,
} satisfies Prisma.BlindRollSelect;

type Row = Prisma.BlindRollGetPayload<{ select: typeof ROW }>;

const toRoll = (r: Row): BlindRoll => ({
  id: r.id,
  notation: r.notation,
  repeat: r.repeat,
  serverSeed: r.serverSeed,
  commitment: r.commitment,
  clientSeed: r.clientSeed,
  createdAt: r.createdAt.getTime(),
  expiresAt: r.expiresAt.getTime(),
  revealedAt: r.revealedAt === null ? null : r.revealedAt.getTime(),
});

/** An instant (ms) as the table takes it; an invalid one throws, as before any lookup. */
const at = (ms: number): Date => new Date(new Date(ms).toISOString());

export function sqlBlindRollStore(db: Database): BlindRollStore {
  const prisma = () => prismaFor(db);
  const find = async (id: string, now: number) => {
    if (id.length > 100) return undefined; // ids are ours (uuid)
    const row = await prisma().blindRoll.findFirst({ where: { id, expiresAt: { gt: at(now) } }, select: ROW });
    return row ? toRoll(row) : undefined;
  };
  return {
    async create(r) {
      await prisma().blindRoll.create({
        data: { id: r.id, notation: r.notation, repeat: r.repeat, serverSeed: r.serverSeed, commitment: r.commitment, createdAt: at(r.createdAt), expiresAt: at(r.expiresAt) },
        select: { id: true },
      });
    },
    find,
    async reveal(id, clientSeed, now) {
      if (id.length > 100) return undefined;
      const [row] = await prisma().blindRoll.updateManyAndReturn({
        where: { id, revealedAt: null, expiresAt: { gt: at(now) } },
        data: { clientSeed, revealedAt: at(now) },
        select: ROW,
      });
      return row ? toRoll(row) : find(id, now);
    },
    async purgeExpired(now) {
      const { count } = await prisma().blindRoll.deleteMany({ where: { expiresAt: { lte: at(now) } } });
      return count;
    },
  };
}
