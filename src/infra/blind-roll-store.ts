/**
 * Blind rolls (port: src/app/dice/blind-ports.ts) in the `blind_rolls` table (migration
 * 20261220000000_blind_rolls), on PostgreSQL or PGlite, through the Prisma client
 * (./prisma/client.ts). The first reveal wins atomically: one `UPDATE … WHERE revealed_at IS NULL
 * … RETURNING` (`updateManyAndReturn`) fixes the client seed, and whoever finds it already set
 * reads the row as that reveal left it. Times are the caller's (`now`), never the server's.
 *
 * Anonymous budgets (migration 20261224100000_blind_roll_budgets): a roll kept under one names its
 * `client` (a digest of the address) and is inserted in an interactive `$transaction` behind
 * `pg_advisory_xact_lock` on that client (`$executeRaw`: Prisma has no locks), after counting the
 * client's live rows and every anonymous live row (index `blind_rolls_client_expires_at_idx`). The
 * per-client count and the insert agree; the total may be passed by the rolls other clients insert
 * at that very moment. Expired rows are deleted (`purgeExpired`, run before every new roll).
 */
import type { Database } from '../app/ports.js';
import type { BlindRoll, BlindRollRefusal, BlindRollStore } from '../app/dice/blind-ports.js';
import { prismaFor, type Prisma, type PrismaTransaction } from './prisma/client.js';

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

/** When the oldest row matching `where` expires (ms). */
async function oldestExpiry(tx: PrismaTransaction, where: Prisma.BlindRollWhereInput): Promise<number> {
  const { _min } = await tx.blindRoll.aggregate({ where, _min: { expiresAt: true } });
  return _min.expiresAt?.getTime() ?? 0;
}

export function sqlBlindRollStore(db: Database): BlindRollStore {
  const prisma = () => prismaFor(db);
  const find = async (id: string, now: number) => {
    if (id.length > 100) return undefined; // ids are ours (uuid)
    const row = await prisma().blindRoll.findFirst({ where: { id, expiresAt: { gt: at(now) } }, select: ROW });
    return row ? toRoll(row) : undefined;
  };
  return {
    async create(r, budget) {
      const data = { id: r.id, notation: r.notation, repeat: r.repeat, serverSeed: r.serverSeed, commitment: r.commitment, createdAt: at(r.createdAt), expiresAt: at(r.expiresAt) };
      if (!budget) {
        await prisma().blindRoll.create({ data, select: { id: true } });
        return undefined;
      }
      const now = at(r.createdAt);
      return prisma().$transaction(async (tx: PrismaTransaction): Promise<BlindRollRefusal | undefined> => {
        // one roll per client at a time: its count and the insert agree, whatever runs beside them
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${'blind_rolls:' + budget.client}))`;
        const mine = { client: budget.client, expiresAt: { gt: now } };
        if (budget.perClient > 0 && (await tx.blindRoll.count({ where: mine })) >= budget.perClient)
          return { scope: 'client', limit: budget.perClient, freesAt: await oldestExpiry(tx, mine) };
        const anonymous = { client: { not: null }, expiresAt: { gt: now } };
        if (budget.total > 0 && (await tx.blindRoll.count({ where: anonymous })) >= budget.total)
          return { scope: 'total', limit: budget.total, freesAt: await oldestExpiry(tx, anonymous) };
        await tx.blindRoll.create({ data: { ...data, client: budget.client }, select: { id: true } });
        return undefined;
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
