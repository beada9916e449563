/**
 * In-process job runner (no REDIS_URL): jobs run on a small pool of node:worker_threads, so
 * simulations never block the event loop that serves requests. A thread that dies mid-job (crash,
 * out of memory, killed) is replaced and its job retried from the start, up to `maxAttempts`; the
 * simulation job is deterministic from its seed, so a retry reproduces the same result.
 * Jobs live in memory: the simulations use case re-enqueues unfinished simulations from the
 * database at start-up.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { JobRequest, JobRunner, JobState } from '../../app/ports.js';

interface Entry {
  job: JobRequest;
  state: JobState;
  attempts: number;
  finishedAt?: number;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  jobId?: string;
}

export interface InProcessOptions {
  /** Threads (default: cores − 1, at least 1, at most 4). */
  concurrency?: number;
  /** Attempts per job when its thread dies (default 3). */
  maxAttempts?: number;
  /** Finished jobs kept in memory (default 10,000). */
  keep?: number;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

export class InProcessJobRunner implements JobRunner {
  readonly kind = 'in-process' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly waiting: string[] = [];
  private readonly slots = new Set<Slot>();
  private readonly listeners = new Set<(state: JobState) => void>();
  private readonly concurrency: number;
  private readonly maxAttempts: number;
  private readonly keep: number;
  private closed = false;

  constructor(options: InProcessOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? Math.min(4, availableParallelism() - 1));
    this.maxAttempts = options.maxAttempts ?? 3;
    this.keep = options.keep ?? 10_000;
  }

  async enqueue(job: JobRequest): Promise<void> {
    if (this.closed) throw new Error('The job runner is closed.');
    const existing = this.entries.get(job.id);
    // Deduplication: an id that is queued, running or completed is not enqueued again.
    if (existing && existing.state.status !== 'failed' && existing.state.status !== 'cancelled') return;
    this.entries.set(job.id, { job, state: { id: job.id, status: 'queued', progress: 0 }, attempts: 0 });
    this.waiting.push(job.id);
    this.emit(job.id);
    this.pump();
  }

  async get(id: string): Promise<JobState | undefined> {
    const e = this.entries.get(id);
    return e ? { ...e.state } : undefined;
  }

  async cancel(id: string): Promise<boolean> {
    const e = this.entries.get(id);
    if (!e || TERMINAL.has(e.state.status)) return false;
    const wasRunning = e.state.status === 'running';
    this.finish(e, { status: 'cancelled' });
    if (wasRunning) {
      const slot = [...this.slots].find((s) => s.jobId === id);
      if (slot) await this.retire(slot);
    } else {
      const i = this.waiting.indexOf(id);
      if (i >= 0) this.waiting.splice(i, 1);
    }
    this.pump();
    return true;
  }

  /**
   * Kill the thread running `id` as a crash would (tests/contract): the job is retried.
   * Returns false when the job is not running.
   */
  async crash(id: string): Promise<boolean> {
    const slot = [...this.slots].find((s) => s.jobId === id);
    if (!slot) return false;
    await slot.worker.terminate();
    return true;
  }

  onUpdate(listener: (state: JobState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('The job runner is closed.');
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    const slots = [...this.slots];
    this.slots.clear();
    await Promise.all(slots.map((s) => s.worker.terminate()));
    this.listeners.clear();
  }

  private emit(id: string): void {
    const e = this.entries.get(id);
    if (!e) return;
    for (const l of this.listeners) {
      try {
        l({ ...e.state });
      } catch {
        // a listener's failure is its own
      }
    }
  }

  private finish(e: Entry, patch: Partial<JobState>): void {
    e.state = { ...e.state, ...patch };
    e.finishedAt = Date.now();
    this.emit(e.job.id);
    this.evict();
  }

  private evict(): void {
    if (this.entries.size <= this.keep) return;
    for (const [id, e] of this.entries) {
      if (this.entries.size <= this.keep) break;
      if (e.finishedAt !== undefined) this.entries.delete(id);
    }
  }

  private pump(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      if (!this.waiting.length) return;
      if (slot.ready && !slot.jobId) this.dispatch(slot);
    }
    while (this.waiting.length && this.slots.size < this.concurrency) this.spawn();
  }

  private dispatch(slot: Slot): void {
    const id = this.waiting.shift();
    if (id === undefined) return;
    const e = this.entries.get(id);
    if (!e || e.state.status !== 'queued') return this.dispatch(slot);
    e.attempts++;
    slot.jobId = id;
    slot.worker.ref();
    e.state = { ...e.state, status: 'running', progress: 0 };
    this.emit(id);
    slot.worker.postMessage({ type: 'run', jobId: id, name: e.job.name, data: e.job.data, attempt: e.attempts });
  }

  private spawn(): void {
    const worker = new Worker(new URL('./thread.mjs', import.meta.url));
    const slot: Slot = { worker, ready: false };
    this.slots.add(slot);
    worker.on('message', (msg: { type: string; jobId?: string; progress?: number; result?: unknown; message?: string }) => {
      if (msg.type === 'ready') {
        slot.ready = true;
        if (this.waiting.length) this.dispatch(slot);
        else worker.unref();
        return;
      }
      const e = msg.jobId !== undefined ? this.entries.get(msg.jobId) : undefined;
      if (!e || slot.jobId !== msg.jobId || e.state.status !== 'running') return;
      if (msg.type === 'progress') {
        e.state = { ...e.state, progress: Math.max(0, Math.min(1, Number(msg.progress) || 0)) };
        this.emit(e.job.id);
        return;
      }
      slot.jobId = undefined;
      if (msg.type === 'done') this.finish(e, { status: 'completed', progress: 1, result: msg.result });
      else this.finish(e, { status: 'failed', error: msg.message ?? 'The job failed.' });
      if (this.waiting.length) this.dispatch(slot);
      else worker.unref();
    });
    worker.on('error', () => {
      // an uncaught error ends the thread; 'exit' handles the job
    });
    worker.on('exit', () => {
      this.slots.delete(slot);
      const id = slot.jobId;
      slot.jobId = undefined;
      const e = id !== undefined ? this.entries.get(id) : undefined;
      if (e && e.state.status === 'running') {
        // The thread died mid-job: retry from the start (the job is deterministic), or give up.
        if (e.attempts < this.maxAttempts) {
          e.state = { ...e.state, status: 'queued', progress: 0 };
          this.waiting.unshift(e.job.id);
          this.emit(e.job.id);
        } else {
          this.finish(e, { status: 'failed', error: `The worker thread died ${e.attempts} times running this job.` });
        }
      }
      this.pump();
    });
  }

  private async retire(slot: Slot): Promise<void> {
    slot.jobId = undefined;
    this.slots.delete(slot);
    await slot.worker.terminate();
  }
}
