/**
 * Simulations use cases (CONTRACT §6): submit (validated with the same schema as the stateless
 * endpoint, dry-run once so rule violations are 422 at submission, per-key limit, deduplication of
 * identical submissions), status with live progress, cancel, and a watch feed for SSE/GraphQL.
 * The database row is the durable record; the job runner (BullMQ or in-process threads) runs the
 * `simulation` job and its updates are mirrored into the row.
 */
import { requestSeed } from '../../kernel/request-seed.js';
import { createHash } from 'node:crypto';
import { QueueUnavailable, type Clock, type IdSource, type JobRunner, type JobState } from '../ports.js';
import { operationById } from '../registry.js';
import { validate } from '../../kernel/validate.js';
import { InvalidInput, underPath } from '../../kernel/errors.js';
import { SeededDice } from '../../kernel/dice/index.js';
import { resolverFor, type SimulationKind, type SimulationResult } from '../../games/eden/rules/simulate/index.js';
import { canonicalJson } from '../../kernel/canonical-json.js';
import { SIMULATION_JOB, type SimulationJobData } from './job.js';
import { applyJobState, isActive, type SimulationRow, type SimulationStatus, type SimulationStore } from './ports.js';
import { encodeListCursor, listWindow } from '../matches/ports.js';

export { MAX_ITERATIONS } from './schemas.js';

export interface SimulationLimits {
  /** Queued + running simulations one API key may have at once. */
  maxActivePerKey: number;
}

export const DEFAULT_LIMITS: SimulationLimits = { maxActivePerKey: 5 };

export interface SubmitInput {
  kind: SimulationKind;
  request: unknown;
  iterations: number;
  seed?: string;
  /** `dice: {"seed"}` means the same as `seed` (CONTRACT §7.5). */
  dice?: { seed?: string };
}

export interface SimulationView {
  id: string;
  kind: SimulationKind;
  status: SimulationStatus;
  progress: number;
  iterations: number;
  seed: string;
  createdAt: string;
  completedAt: string | null;
  result?: SimulationResult;
  error?: string;
}

/** One simulation of GET /v1/simulations (CONTRACT §8.2). */
export interface SimulationListItem {
  id: string;
  kind: SimulationKind;
  status: SimulationStatus;
  progress: number;
  createdAt: string;
}

export interface SimulationListRequest {
  status?: SimulationStatus;
  /** 1..100, default 20. */
  limit?: number;
  /** `next` of the previous page. */
  cursor?: string;
}

export type SubmitOutcome = { ok: true; id: string; status: SimulationStatus; deduplicated: boolean } | { ok: false; reason: 'limit'; limit: number; active: number };

/** The operation whose body a simulation kind's `request` is (validated by the same schema). */
export const KIND_OPERATION: Record<SimulationKind, string> = { 'eden.melee': 'eden.melee', 'eden.ranged': 'eden.ranged' };

/**
 * Validate `request` for `kind` exactly as the stateless endpoint would (schema, then one seeded
 * resolution so profile problems are 400 and rule violations 422 now, not in the worker).
 * Returns the request with defaults filled and without `dice`.
 */
export function validateSimulationRequest(kind: SimulationKind, request: unknown): unknown {
  const op = operationById(KIND_OPERATION[kind]);
  let body: Record<string, unknown>;
  if (request && typeof request === 'object' && !Array.isArray(request)) {
    const { dice: _dice, ...rest } = request as Record<string, unknown>;
    body = structuredClone(rest);
  } else {
    throw new InvalidInput([{ path: '/request', code: 'type', message: 'must be object' }]);
  }
  return underPath('/request', () => {
    const checked: Record<string, unknown> = op?.body ? validate(op.body, body) : body;
    // the stateless endpoint's own checks (profiles, preconditions), on one seeded resolution
    const dice = () => new SeededDice('validation');
    if (op) op.handle(structuredClone(checked), { lang: 'en', dice });
    else resolverFor(kind, checked)(dice());
    return checked;
  });
}

function view(row: SimulationRow, live?: JobState): SimulationView {
  let status = row.status;
  let progress = row.progress;
  if (live && isActive(row.status) && isActive(live.status)) {
    status = live.status as SimulationStatus;
    progress = Math.max(progress, live.progress);
  }
  const v: SimulationView = {
    id: row.id,
    kind: row.kind,
    status,
    progress: status === 'completed' ? 1 : Math.min(1, progress),
    iterations: row.iterations,
    seed: row.seed,
    createdAt: row.createdAt,
    completedAt: row.completedAt,
  };
  if (row.status === 'completed' && row.result) v.result = row.result;
  if (row.status === 'failed' && row.error) v.error = row.error;
  return v;
}

const PERSIST_PROGRESS_MS = 1000;

export interface SimulationServiceOptions {
  clock: Clock;
  ids: IdSource;
  limits?: SimulationLimits;
}

export class SimulationService {
  private readonly lastWrite = new Map<string, number>();
  private readonly off: () => void;
  private readonly limits: SimulationLimits;
  private recovered: Promise<void> | undefined;

  constructor(
    readonly store: SimulationStore,
    private readonly jobs: JobRunner,
    private readonly options: SimulationServiceOptions,
  ) {
    this.limits = options.limits ?? DEFAULT_LIMITS;
    this.off = jobs.onUpdate((state) => void this.mirror(state));
  }

  /**
   * Re-enqueue unfinished simulations (the in-process runner forgets them on restart). Done once;
   * when the store cannot be read yet (a database still starting), the next call tries again.
   */
  recover(): Promise<void> {
    this.recovered ??= (async () => {
      for (const row of await this.store.unfinished()) await this.enqueue(row).catch(() => undefined);
    })().catch(() => {
      this.recovered = undefined;
    });
    return this.recovered;
  }

  close(): void {
    this.off();
  }

  async submit(apiKeyId: string, input: SubmitInput): Promise<SubmitOutcome> {
    await this.recover();
    const given = requestSeed(input);
    const request = validateSimulationRequest(input.kind, input.request);
    const seeded = given !== undefined;
    const fingerprint = createHash('sha256')
      .update(canonicalJson({ kind: input.kind, request, iterations: input.iterations, seed: given ?? null }))
      .digest('hex');
    const id = this.options.ids.newId();
    const seed = given ?? this.options.ids.randomSeed();
    const reserved = await this.store.reserve({ id, apiKeyId, kind: input.kind, request, iterations: input.iterations, seed, seeded, fingerprint }, this.limits.maxActivePerKey);
    const outcome: SubmitOutcome =
      reserved.outcome === 'existing'
        ? { ok: true, id: reserved.simulation.id, status: reserved.simulation.status, deduplicated: true }
        : reserved.outcome === 'limit'
          ? { ok: false, reason: 'limit', limit: this.limits.maxActivePerKey, active: reserved.active }
          : { ok: true, id, status: 'queued', deduplicated: false };
    if (outcome.ok && !outcome.deduplicated) {
      try {
        await this.jobs.enqueue({
          id,
          owner: apiKeyId,
          name: SIMULATION_JOB,
          data: { simulationId: id, kind: input.kind, request, iterations: input.iterations, seed } satisfies SimulationJobData,
        });
      } catch (error) {
        await this.store.finish(id, { status: 'failed', error: 'The job queue did not accept the simulation.' });
        throw error;
      }
    }
    return outcome;
  }

  /** The simulation as `apiKeyId` may see it (undefined: unknown or another key's). */
  async get(apiKeyId: string, id: string): Promise<SimulationView | undefined> {
    if (!UUID.test(id)) return undefined;
    let row = await this.store.find(id, apiKeyId);
    if (!row) return undefined;
    if (!isActive(row.status)) return view(row);
    const live = await this.jobs.get(id).catch((error: unknown) => {
      // the queue is away: 503 + Retry-After (CONTRACT §6), not a re-enqueue that would wait for it too
      if (error instanceof QueueUnavailable || (error as Error | undefined)?.name === 'QueueUnavailable') throw error;
      return undefined;
    });
    if (!live) {
      // the runner lost it (in-process runner restarted): run it again, from its seed
      await this.enqueue(row).catch(() => undefined);
      return view(row);
    }
    if (!isActive(live.status)) {
      await applyJobState(this.store, live);
      row = (await this.store.find(id, apiKeyId)) ?? row;
      return view(row);
    }
    return view(row, live);
  }

  /**
   * The key's simulations, newest first, a page at a time (CONTRACT §8.2): status and progress as
   * stored (refreshed at least once a second while a run goes on; GET /v1/simulations/{id} asks the
   * runner for the live progress).
   */
  async list(apiKeyId: string, request: SimulationListRequest = {}): Promise<{ simulations: SimulationListItem[]; next?: string }> {
    const { limit, after } = listWindow('simulations', request);
    const rows = await this.store.list(apiKeyId, { status: request.status, after, limit: limit + 1 });
    const page = rows.slice(0, limit);
    const simulations = page.map((r) => ({
      id: r.id,
      kind: r.kind,
      status: r.status,
      progress: r.status === 'completed' ? 1 : Math.min(1, r.progress),
      createdAt: r.createdAt,
    }));
    return rows.length > limit ? { simulations, next: encodeListCursor('simulations', page.at(-1)!.key) } : { simulations };
  }

  /** Cancel: undefined when not visible; `cancelled: false` when already finished. */
  async cancel(apiKeyId: string, id: string): Promise<{ cancelled: boolean; simulation: SimulationView } | undefined> {
    if (!UUID.test(id)) return undefined;
    const row = await this.store.find(id, apiKeyId);
    if (!row) return undefined;
    if (!isActive(row.status)) return { cancelled: false, simulation: view(row) };
    await this.jobs.cancel(id).catch(() => false);
    const cancelled = await this.store.finish(id, { status: 'cancelled' });
    const after = (await this.store.find(id, apiKeyId)) ?? row;
    return { cancelled, simulation: view(after) };
  }

  /** Cancel every queued or running simulation of a key (its key was revoked); answers how many. */
  async cancelAllOf(apiKeyId: string): Promise<number> {
    const active = (await this.store.unfinished()).filter((row) => row.apiKeyId === apiKeyId);
    for (const row of active) await this.cancel(apiKeyId, row.id).catch(() => undefined);
    return active.length;
  }

  /**
   * Follow a simulation: `listener` gets its view now, on every runner update and at least every
   * second, until it is finished (then `done` is called). Returns a function that stops watching.
   */
  watch(apiKeyId: string, id: string, listener: (v: SimulationView) => void, done: () => void): () => void {
    let stopped = false;
    let last = '';
    const push = async () => {
      if (stopped) return;
      const v = await this.get(apiKeyId, id).catch(() => undefined);
      if (stopped || !v) return;
      const key = `${v.status}:${v.progress}`;
      if (key !== last) {
        last = key;
        listener(v);
      }
      if (!isActive(v.status)) stop(true);
    };
    const off = this.jobs.onUpdate((s) => {
      if (s.id === id) void push();
    });
    const timer = setInterval(() => void push(), PERSIST_PROGRESS_MS);
    const stop = (finished: boolean) => {
      if (stopped) return;
      stopped = true;
      off();
      clearInterval(timer);
      if (finished) done();
    };
    void push();
    return () => stop(false);
  }

  private async enqueue(row: SimulationRow): Promise<void> {
    await this.jobs.enqueue({
      id: row.id,
      owner: row.apiKeyId,
      name: SIMULATION_JOB,
      data: { simulationId: row.id, kind: row.kind, request: row.request, iterations: row.iterations, seed: row.seed } satisfies SimulationJobData,
    });
  }

  private async mirror(state: JobState): Promise<void> {
    try {
      if (state.status === 'running') {
        const now = this.options.clock.now();
        if (now - (this.lastWrite.get(state.id) ?? 0) < PERSIST_PROGRESS_MS) return;
        this.lastWrite.set(state.id, now);
        await this.store.progress(state.id, state.progress);
      } else if (!isActive(state.status)) {
        this.lastWrite.delete(state.id);
        await this.store.finish(state.id, state);
      }
    } catch {
      // the row is brought up to date again by the next update or the next read
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
