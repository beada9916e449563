/**
 * The simulation store in memory: the same contract as the SQL store (src/infra/simulation-store.ts;
 * tests/contract/simulation-store.test.ts runs one suite against both), for fast API tests and tools
 * that need no database. Nothing survives the process. Port: src/app/simulations/ports.ts.
 *
 * - Every operation runs to completion without yielding, so `reserve` is as exact as the SQL store's
 *   advisory lock: concurrent submissions of one key respect its limit and deduplicate.
 * - The dedupe key mirrors the `dedupe_key` column: the fingerprint while the row is active, or
 *   completed and seeded; released by any other finish.
 * - Answers are what the table gives back: fresh copies (JSON values as `jsonb` returns them, ids as
 *   PostgreSQL prints a uuid, timestamps as ISO strings from the injected clock), so a caller cannot
 *   change what is stored. Input the table would refuse (an id that is not a uuid, a duplicate id,
 *   text with NUL, unstorable JSON, iterations outside 1..10 000 000, a progress that is not a
 *   number) throws an Error with PostgreSQL's message, and stores nothing.
 */
import type { Clock, JobState } from '../../app/ports.js';
import type { SimulationKind, SimulationResult } from '../../games/eden/rules/simulate/index.js';
import type { NewSimulation, Reservation, SimulationListEntry, SimulationListQuery, SimulationRow, SimulationStatus, SimulationStore } from '../../app/simulations/ports.js';
import { isActive } from '../../app/simulations/ports.js';
import { compareListKeys, type ListKey } from '../../app/matches/ports.js';
import { jsonbCopy } from '../event-store/memory.js';
import { unstorableProblems } from '../event-store/storable.js';

const STATUSES: readonly string[] = ['queued', 'running', 'completed', 'failed', 'cancelled'];
/** PostgreSQL's uuid input: 32 hex digits, a hyphen allowed after any group of four, optionally in braces. */
const PG_UUID = /^(\{?)((?:[0-9a-f]{4}-?){7}[0-9a-f]{4})(\}?)$/i;

/** What a `uuid` parameter becomes (PostgreSQL's canonical form), or PostgreSQL's refusal. */
function uuid(id: string): string {
  const m = PG_UUID.exec(id);
  if (!m || m[1]!.length !== m[3]!.length) throw new Error(`invalid input syntax for type uuid: "${id}"`);
  const hex = m[2]!.replace(/-/g, '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What a `text` parameter becomes: NUL refused, an unpaired surrogate turned into U+FFFD (as UTF-8 encoding does). */
function text(value: string): string {
  if (value.includes('\u0000')) throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
  return Buffer.from(value, 'utf8').toString('utf8');
}

/** A `char(64)` value: trailing spaces do not count, more than 64 characters are refused. */
function char64(value: string): string {
  const trimmed = text(value).replace(/ +$/, '');
  if ([...trimmed].length > 64) throw new Error('value too long for type character(64)');
  return trimmed;
}

/** What a `jsonb` parameter becomes (`JSON.stringify`, as the SQL store sends it; undefined is SQL NULL), or PostgreSQL's refusal. */
function jsonb(value: unknown): unknown {
  if (JSON.stringify(value) === undefined) return null;
  if (unstorableProblems(value, '').length) throw new Error('unsupported Unicode escape sequence');
  return jsonbCopy(value);
}

const checkViolation = (name: string) => new Error(`new row for relation "simulations" violates check constraint "simulations_${name}_check"`);

/** A stored row: the SQL table's columns. */
interface Row {
  id: string;
  apiKeyId: string;
  kind: string;
  request: unknown;
  iterations: number;
  seed: string;
  seeded: boolean;
  fingerprint: string;
  dedupeKey: string | null;
  status: string;
  progress: number;
  result: unknown;
  error: string | null;
  createdAt: number;
  completedAt: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A copy of the row as the SQL store answers it. */
function toRow(r: Row): SimulationRow {
  return {
    id: r.id,
    apiKeyId: r.apiKeyId,
    kind: r.kind as SimulationKind,
    request: jsonbCopy(r.request),
    iterations: r.iterations,
    seed: r.seed,
    seeded: r.seeded,
    status: r.status as SimulationStatus,
    progress: r.progress,
    result: r.result === null ? null : (jsonbCopy(r.result) as SimulationResult),
    error: r.error,
    createdAt: iso(r.createdAt),
    completedAt: r.completedAt === null ? null : iso(r.completedAt),
  };
}

export class MemorySimulationStore implements SimulationStore {
  /** By id, in insertion order. */
  private readonly rows = new Map<string, Row>();

  constructor(private readonly clock: Clock = { now: () => Date.now() }) {}

  async find(id: string, apiKeyId?: string): Promise<SimulationRow | undefined> {
    const [key, owner] = [uuid(id), apiKeyId === undefined ? undefined : text(apiKeyId)];
    const row = this.rows.get(key);
    if (!row || (owner !== undefined && row.apiKeyId !== owner)) return undefined;
    return toRow(row);
  }

  async reserve(s: NewSimulation, maxActive: number): Promise<Reservation> {
    const apiKeyId = text(s.apiKeyId);
    const key = text(s.fingerprint).replace(/ +$/, '');
    const mine = [...this.rows.values()].filter((r) => r.apiKeyId === apiKeyId);
    const same = mine.find((r) => r.dedupeKey === key);
    if (same) return { outcome: 'existing', simulation: toRow(same) };
    const active = mine.filter((r) => isActive(r.status)).length;
    if (active >= maxActive) return { outcome: 'limit', active };
    this.insert(s);
    return { outcome: 'inserted' };
  }

  /** The INSERT: every column checked before anything is stored. */
  private insert(s: NewSimulation): void {
    const id = uuid(s.id);
    if (JSON.stringify(s.request) === undefined) throw new Error('null value in column "request" of relation "simulations" violates not-null constraint');
    const request = jsonb(s.request);
    if (!Number.isInteger(s.iterations)) throw new Error(`invalid input syntax for type integer: "${String(s.iterations)}"`);
    if (s.iterations < 1 || s.iterations > 10_000_000) throw checkViolation('iterations');
    const fingerprint = char64(s.fingerprint);
    const row: Row = {
      id,
      apiKeyId: text(s.apiKeyId),
      kind: text(s.kind),
      request,
      iterations: s.iterations,
      seed: text(s.seed),
      seeded: Boolean(s.seeded),
      fingerprint,
      dedupeKey: fingerprint,
      status: 'queued',
      progress: 0,
      result: null,
      error: null,
      createdAt: this.clock.now(),
      completedAt: null,
    };
    if (this.rows.has(id)) throw new Error('duplicate key value violates unique constraint "simulations_pkey"');
    this.rows.set(id, row);
  }

  async list(apiKeyId: string, query: SimulationListQuery): Promise<SimulationListEntry[]> {
    const [owner, status] = [text(apiKeyId), query.status === undefined ? undefined : text(query.status)];
    const keyOf = (r: Row): ListKey => ({ createdAt: iso(r.createdAt), id: r.id });
    const after = query.after;
    return [...this.rows.values()]
      .filter((r) => r.apiKeyId === owner && (status === undefined || r.status === status))
      .filter((r) => !after || compareListKeys(keyOf(r), after) > 0)
      .sort((a, b) => compareListKeys(keyOf(a), keyOf(b)))
      .slice(0, Math.max(0, Math.floor(query.limit)))
      .map((r) => ({
        id: r.id,
        kind: r.kind as SimulationKind,
        status: r.status as SimulationStatus,
        progress: r.progress,
        iterations: r.iterations,
        createdAt: iso(r.createdAt),
        completedAt: r.completedAt === null ? null : iso(r.completedAt),
        key: keyOf(r),
      }));
  }

  async unfinished(limit = 1000): Promise<SimulationRow[]> {
    if (!Number.isInteger(limit)) throw new Error(`invalid input syntax for type bigint: "${String(limit)}"`);
    if (limit < 0) throw new Error('LIMIT must not be negative');
    return [...this.rows.values()]
      .filter((r) => isActive(r.status))
      .sort((a, b) => a.createdAt - b.createdAt)
      .slice(0, limit)
      .map(toRow);
  }

  async progress(id: string, progress: number): Promise<void> {
    const row = this.rows.get(uuid(id));
    if (!row || !isActive(row.status)) return;
    const clamped = Math.max(0, Math.min(1, progress));
    // GREATEST(progress, NaN) is NaN, which the range check refuses
    if (Number.isNaN(clamped)) throw checkViolation('progress');
    row.status = 'running';
    row.progress = Math.max(row.progress, clamped);
  }

  /** A completed seeded run keeps its dedupe key (the same submission has the same answer); anything else releases it. */
  async finish(id: string, state: Pick<JobState, 'status' | 'result' | 'error'>): Promise<boolean> {
    const completed = state.status === 'completed';
    if (completed && (state.result === undefined || state.result === null)) return false; // never a result-less completion
    // the parameters first (PostgreSQL parses them before it looks for the row), then the row
    const status = text(state.status);
    const result = completed ? jsonb(state.result) : null;
    const error = completed || state.error === undefined || state.error === null ? null : text(state.error);
    const row = this.rows.get(uuid(id));
    if (!row || !isActive(row.status)) return false;
    if (!STATUSES.includes(status)) throw checkViolation('status');
    Object.assign(row, {
      status,
      progress: completed ? 1 : row.progress,
      result,
      error,
      completedAt: this.clock.now(),
      dedupeKey: completed && row.seeded ? row.dedupeKey : null,
    });
    return true;
  }
}
