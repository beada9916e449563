/**
 * The simulation store over SQL: the `simulations` table (prisma/migrations/20261125000200_simulations),
 * on PostgreSQL or PGlite. Written by the API process and, with BullMQ, by the worker process too;
 * every write is idempotent and never moves a finished row. Port: src/app/simulations/ports.ts.
 */
import type { Database, JobState, SqlClient } from '../app/ports.js';
import type { SimulationKind, SimulationResult } from '../games/eden/simulate/index.js';
import type { NewSimulation, Reservation, SimulationListEntry, SimulationListQuery, SimulationRow, SimulationStatus, SimulationStore } from '../app/simulations/ports.js';

const COLUMNS = `id, api_key_id, kind, request, iterations, seed, seeded, status, progress, result, error, created_at, completed_at`;

interface RawRow {
  id: string;
  api_key_id: string;
  kind: string;
  request: unknown;
  iterations: number;
  seed: string;
  seeded: boolean;
  status: string;
  progress: number;
  result: unknown;
  error: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

function toRow(r: RawRow): SimulationRow {
  return {
    id: r.id,
    apiKeyId: r.api_key_id,
    kind: r.kind as SimulationKind,
    request: json(r.request),
    iterations: Number(r.iterations),
    seed: r.seed,
    seeded: r.seeded,
    status: r.status as SimulationStatus,
    progress: Number(r.progress),
    result: r.result === null || r.result === undefined ? null : (json(r.result) as SimulationResult),
    error: r.error,
    createdAt: iso(r.created_at)!,
    completedAt: iso(r.completed_at),
  };
}

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

type ListRow = Pick<RawRow, 'id' | 'kind' | 'status' | 'progress' | 'iterations' | 'created_at' | 'completed_at'> & { created_key: string };

export class SqlSimulationStore implements SimulationStore {
  constructor(private readonly db: Database) {}

  async find(id: string, apiKeyId?: string): Promise<SimulationRow | undefined> {
    const { rows } = await this.db.query<RawRow>(
      `SELECT ${COLUMNS} FROM simulations WHERE id = $1${apiKeyId !== undefined ? ' AND api_key_id = $2' : ''}`,
      apiKeyId !== undefined ? [id, apiKeyId] : [id],
    );
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  async reserve(s: NewSimulation, maxActive: number): Promise<Reservation> {
    return this.db.transaction(async (tx): Promise<Reservation> => {
      // one submission per key at a time: the limit and the deduplication are exact
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, ['simulations:' + s.apiKeyId]);
      const same = await this.findByDedupeKey(tx, s.apiKeyId, s.fingerprint);
      if (same) return { outcome: 'existing', simulation: same };
      const active = await this.countActive(tx, s.apiKeyId);
      if (active >= maxActive) return { outcome: 'limit', active };
      await this.insert(tx, s);
      return { outcome: 'inserted' };
    });
  }

  private async findByDedupeKey(tx: SqlClient, apiKeyId: string, key: string): Promise<SimulationRow | undefined> {
    const { rows } = await tx.query<RawRow>(`SELECT ${COLUMNS} FROM simulations WHERE api_key_id = $1 AND dedupe_key = $2`, [apiKeyId, key]);
    return rows[0] ? toRow(rows[0]) : undefined;
  }

  private async countActive(tx: SqlClient, apiKeyId: string): Promise<number> {
    const { rows } = await tx.query<{ n: string | number }>(`SELECT count(*) AS n FROM simulations WHERE api_key_id = $1 AND status IN ('queued', 'running')`, [apiKeyId]);
    return Number(rows[0]?.n ?? 0);
  }

  private async insert(tx: SqlClient, s: NewSimulation): Promise<void> {
    await tx.query(
      `INSERT INTO simulations (id, api_key_id, kind, request, iterations, seed, seeded, fingerprint, dedupe_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [s.id, s.apiKeyId, s.kind, JSON.stringify(s.request), s.iterations, s.seed, s.seeded, s.fingerprint],
    );
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

  /** Unfinished simulations (to re-enqueue after a restart of the in-process runner). */
  async unfinished(limit = 1000): Promise<SimulationRow[]> {
    const { rows } = await this.db.query<RawRow>(`SELECT ${COLUMNS} FROM simulations WHERE status IN ('queued', 'running') ORDER BY created_at LIMIT $1`, [limit]);
    return rows.map(toRow);
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
