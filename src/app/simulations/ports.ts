/**
 * The simulation store port: the durable record of every submission, its progress and its result
 * (CONTRACT §6). src/infra/simulation-store.ts implements it over the `Database` port (PostgreSQL
 * and PGlite); tests/contract/simulation-store.test.ts runs one suite against both. Written by the
 * API process and, with BullMQ, by the worker process too: every write is idempotent and never
 * moves a finished simulation.
 */
import type { JobState } from '../ports.js';
import type { SimulationKind, SimulationResult } from '../../games/eden/rules/simulate/index.js';
import type { ListKey } from '../matches/ports.js';

export type SimulationStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface NewSimulation {
  id: string;
  apiKeyId: string;
  kind: SimulationKind;
  request: unknown;
  iterations: number;
  seed: string;
  seeded: boolean;
  /** Digest of kind, request, iterations and client seed: identical submissions share it. */
  fingerprint: string;
}

export interface SimulationRow extends Omit<NewSimulation, 'fingerprint'> {
  status: SimulationStatus;
  progress: number;
  result: SimulationResult | null;
  error: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** A simulation as a listing shows it (without its request and result), with its listing key. */
export interface SimulationListEntry extends Pick<SimulationRow, 'id' | 'kind' | 'status' | 'progress' | 'iterations' | 'createdAt' | 'completedAt'> {
  key: ListKey;
}

export interface SimulationListQuery {
  status?: SimulationStatus;
  /** Only simulations after this key in listing order (older ones). */
  after?: ListKey;
  limit: number;
}

/** What became of a submission: an identical one already there, the key's limit, or a new row. */
export type Reservation = { outcome: 'existing'; simulation: SimulationRow } | { outcome: 'limit'; active: number } | { outcome: 'inserted' };

/** Queued or running: a simulation that still counts towards its key's limit. */
export const isActive = (s: string) => s === 'queued' || s === 'running';

export interface SimulationStore {
  /** The simulation, if it exists (and belongs to `apiKeyId` when given). */
  find(id: string, apiKeyId?: string): Promise<SimulationRow | undefined>;
  /**
   * One submission per key at a time, so the limit and the deduplication are exact: answers the
   * key's simulation with the same fingerprint while it deduplicates (active, or completed and
   * seeded); else `limit` when the key already has `maxActive` queued or running; else inserts it
   * as queued.
   */
  reserve(simulation: NewSimulation, maxActive: number): Promise<Reservation>;
  /**
   * The simulations of `apiKeyId` (in `status` when given), newest first by (createdAt, id), after
   * `query.after` when given, at most `query.limit`. Another key's are never listed.
   */
  list(apiKeyId: string, query: SimulationListQuery): Promise<SimulationListEntry[]>;
  /** Unfinished simulations, oldest first (to re-enqueue after a restart of the in-process runner). */
  unfinished(limit?: number): Promise<SimulationRow[]>;
  /** Running, at least this far (0..1); no effect on a finished simulation. */
  progress(id: string, progress: number): Promise<void>;
  /**
   * Record a final state once (false when already finished, or a completion without a result). A
   * completed seeded run keeps deduplicating; anything else stops.
   */
  finish(id: string, state: Pick<JobState, 'status' | 'result' | 'error'>): Promise<boolean>;
}

/** Mirror a runner's state into the store (idempotent). */
export async function applyJobState(store: SimulationStore, state: JobState): Promise<void> {
  if (state.status === 'running') await store.progress(state.id, state.progress);
  else if (state.status === 'completed' || state.status === 'failed' || state.status === 'cancelled') await store.finish(state.id, state);
}
