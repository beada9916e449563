/**
 * The simulation store over the `simulations` table (prisma/migrations/20261125000200_simulations),
 * on PostgreSQL or PGlite. Written by the API process and, with BullMQ, by the worker process too;
 * every write is idempotent and never moves a finished row. Port: src/app/simulations/ports.ts.
 *
 * Reads and the submission go through the Prisma client (../prisma/client.ts); three statements
 * stay hand-written SQL on the `Database` port, each because Prisma cannot express it:
 * - `list`: its page key is `created_at` to the microsecond (`to_char`), and the Prisma client
 *   reads timestamps as `Date`s (milliseconds), which cannot page exactly past ties;
 * - `progress`: one statement that only moves forward, `GREATEST(progress, $2)`;
 * - `finish`: one statement stamped with the server's clock (`now()`, as `created_at` is) that
 *   keeps or clears `dedupe_key` by the row's own `seeded`.
 * The submission's advisory lock is raw SQL inside the Prisma transaction, for the same reason.
 */
import type { Database, JobState } from '../app/ports.js';
import type { SimulationKind, SimulationResult } from '../games/eden/rules/simulate/index.js';
import type { NewSimulation, Reservation, SimulationListEntry, SimulationListQuery, SimulationRow, SimulationStatus, SimulationStore } from '../app/simulations/ports.js';
import { prismaFor, type Prisma, type PrismaTransaction } from './prisma/client.js';

const iso = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/**
 * A page of a key's simulations, newest first, read backwards from the key through the index on
 * (api_key_id, created_at) (migration 20261210000000_listings); ties on created_at by id.
 */
const listText = (after: boolean) => `SELECT id, kind, status, progress, iterations, created_at, completed_at,
       to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key
  FROM simulations
 WHERE api_key_id = $1 AND ($2::text IS NULL OR status = $2::text)${after ? '\n   AND created_at <= $4::timestamptz AND (created_at < $4::timestamptz OR id < $5::uuid)' : ''}
 ORDER BY created_at DESC, id DESC
 LIMIT $3`;
const LIST = listText(false);
const LIST_AFTER = listText(true);

interface ListRow {
  id: string;
  kind: string;
  status: string;
  progress: number;
  iterations: number;
  created_at: Date | string;
  completed_at: Date | string | null;
  created_key: string;
}

const ACTIVE: string[] = ['queued', 'running'];

/** The columns a `SimulationRow` is read from, as the Prisma client names them. */
const ROW = {
  id: true,
  apiKeyId: true,
  kind: true,
  request: true,
  iterations: true,
  seed: true,
  seeded: true,
  status: true,
  progress: true,
  result: true,
  error: true,
  createdAt: true,
  completedAt: true,
} satisfies Prisma.SimulationSelect;

type PrismaRow = Prisma.SimulationGetPayload<{ select: typeof ROW }>;

const fromPrisma = (r: PrismaRow): SimulationRow => ({
  id: r.id,
  apiKeyId: r.apiKeyId,
  kind: r.kind as SimulationKind,
  request: r.request,
  iterations: r.iterations,
  seed: r.seed,
  seeded: r.seeded,
  status: r.status as SimulationStatus,
  progress: r.progress,
  result: r.result === null ? null : (r.result as unknown as SimulationResult),
  error: r.error,
  createdAt: r.createdAt.toISOString(),
  completedAt: r.completedAt === null ? null : r.completedAt.toISOString(),
});

export class SqlSimulationStore implements SimulationStore {
  constructor(private readonly db: Database) {}

  private get prisma() {
    return prismaFor(this.db);
  }

  async find(id: string, apiKeyId?: string): Promise<SimulationRow | undefined> {
    const row = await this.prisma.simulation.findFirst({ where: apiKeyId !== undefined ? { id, apiKeyId } : { id }, select: ROW });
    return row ? fromPrisma(row) : undefined;
  }

  async reserve(s: NewSimulation, maxActive: number): Promise<Reservation> {
    // the column is an INTEGER: PostgreSQL refused 1.5, the Prisma client would store 1
    if (!Number.isSafeInteger(s.iterations)) throw new RangeError(`iterations must be an integer, not ${s.iterations}`);
    return this.prisma.$transaction(async (tx): Promise<Reservation> => {
      // one submission per key at a time: the limit and the deduplication are exact
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${'simulations:' + s.apiKeyId}))`;
      const same = await tx.simulation.findFirst({ where: { apiKeyId: s.apiKeyId, dedupeKey: s.fingerprint }, select: ROW });
      if (same) return { outcome: 'existing', simulation: fromPrisma(same) };
      const active = await this.countActive(tx, s.apiKeyId);
      if (active >= maxActive) return { outcome: 'limit', active };
      await tx.simulation.create({
        data: {
          id: s.id,
          apiKeyId: s.apiKeyId,
          kind: s.kind,
          request: s.request as Prisma.InputJsonValue,
          iterations: s.iterations,
          seed: s.seed,
          seeded: s.seeded,
          fingerprint: s.fingerprint,
          dedupeKey: s.fingerprint,
        },
        select: { id: true },
      });
      return { outcome: 'inserted' };
    });
  }

  private countActive(tx: PrismaTransaction, apiKeyId: string): Promise<number> {
    return tx.simulation.count({ where: { apiKeyId, status: { in: ACTIVE } } });
  }

  async list(apiKeyId: string, query: SimulationListQuery): Promise<SimulationListEntry[]> {
    const params: unknown[] = [apiKeyId, query.status ?? null, Math.max(0, Math.floor(query.limit))];
    if (query.after) params.push(query.after.createdAt, query.after.id);
    const { rows } = await this.db.query<ListRow>(query.after ? LIST_AFTER : LIST, params);
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind as SimulationKind,
      status: r.status as SimulationStatus,
      progress: Number(r.progress),
      iterations: Number(r.iterations),
      createdAt: iso(r.created_at)!,
      completedAt: iso(r.completed_at),
      key: { createdAt: r.created_key, id: r.id },
    }));
  }

  /** Unfinished simulations, oldest first (to re-enqueue after a restart of the in-process runner). */
  async unfinished(limit = 1000): Promise<SimulationRow[]> {
    const rows = await this.prisma.simulation.findMany({ where: { status: { in: ACTIVE } }, orderBy: { createdAt: 'asc' }, take: limit, select: ROW });
    return rows.map(fromPrisma);
  }

  async progress(id: string, progress: number): Promise<void> {
    await this.db.query(
      `UPDATE simulations SET status = 'running', progress = GREATEST(progress, $2), updated_at = now()
       WHERE id = $1 AND status IN ('queued', 'running')`,
      [id, Math.max(0, Math.min(1, progress))],
    );
  }

  /** A completed seeded run keeps its dedupe key (the same submission has the same answer); anything else releases it. */
  async finish(id: string, state: Pick<JobState, 'status' | 'result' | 'error'>): Promise<boolean> {
    const completed = state.status === 'completed';
    if (completed && (state.result === undefined || state.result === null)) return false; // never a result-less completion
    const { rowCount } = await this.db.query(
      `UPDATE simulations
          SET status = $2, progress = CASE WHEN $2 = 'completed' THEN 1 ELSE progress END,
              result = $3, error = $4, completed_at = now(), updated_at = now(),
              dedupe_key = CASE WHEN $2 = 'completed' AND seeded THEN dedupe_key ELSE NULL END
        WHERE id = $1 AND status IN ('queued', 'running')`,
      [id, state.status, completed ? JSON.stringify(state.result ?? null) : null, completed ? null : (state.error ?? null)],
    );
    return rowCount > 0;
  }
}
