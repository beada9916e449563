/**
 * In-process job runner (no REDIS_URL): jobs run on a small pool of node:worker_threads, so
 * simulations never block the event loop that serves requests. A thread that dies mid-job (crash,
 * out of memory, killed) is replaced and its job retried from the start, up to `maxAttempts`; the
 * simulation job is deterministic from its seed, so a retry reproduces the same result.
 * Jobs live in memory: the simulations use case re-enqueues unfinished simulations from the
 * database at start-up.
 *
 * A job with a splitter (jobs.ts: a simulation) is cut into parts — contiguous chunk ranges, at
 * most `maxPartsPerJob` (default: the thread count, itself bounded by the cores) — that run on
 * whichever threads are free; the parts' results are combined in part order once all are done,
 * which gives exactly the whole job's result. A thread that dies re-runs only its part.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { JobRequest, JobRunner, JobState } from '../../app/ports.js';
import { JOB_SPLITTERS } from './jobs.js';

/** One unit of work run on one thread: a whole job, or one part of a split job. */
interface Task {
  /** Message id: the job id, or `${jobId}#${part}`. */
  key: string;
  entry: Entry;
  name: string;
  data: unknown;
  /** Share of the job's work (progress). */
  weight: number;
  progress: number;
  attempts: number;
  done: boolean;
  result?: unknown;
  slot?: Slot;
}

interface Entry {
  job: JobRequest;
  state: JobState;
  tasks: Task[];
  /** Merges the parts' results (split jobs). */
  combine?: (results: unknown[]) => unknown;
  /** Threads that ran a task of this job (introspection for tests). */
  threads: Set<number>;
  finishedAt?: number;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task?: Task;
}

export interface InProcessOptions {
  /** Threads (default: cores − 1, at least 1, at most 4). */
  concurrency?: number;
  /** Attempts per task when its thread dies (default 3). */
  maxAttempts?: number;
  /** Finished jobs kept in memory (default 10,000). */
  keep?: number;
  /**
   * Most threads one job may be spread over (default: `concurrency`). A job with a splitter
   * (jobs.ts: a simulation) is cut into that many parts, run on whichever threads are free.
   */
  maxPartsPerJob?: number;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

export class InProcessJobRunner implements JobRunner {
  readonly kind = 'in-process' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly waiting: Task[] = [];
  private readonly slots = new Set<Slot>();
  private readonly listeners = new Set<(state: JobState) => void>();
  private readonly concurrency: number;
  private readonly maxAttempts: number;
  private readonly keep: number;
  private readonly maxParts: number;
  private closed = false;

  constructor(options: InProcessOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? Math.min(4, availableParallelism() - 1));
    this.maxAttempts = options.maxAttempts ?? 3;
    this.keep = options.keep ?? 10_000;
    this.maxParts = Math.max(1, Math.min(this.concurrency, options.maxPartsPerJob ?? this.concurrency));
  }

  async enqueue(job: JobRequest): Promise<void> {
    if (this.closed) throw new Error('The job runner is closed.');
    const existing = this.entries.get(job.id);
    // Deduplication: an id that is queued, running or completed is not enqueued again.
    if (existing && existing.state.status !== 'failed' && existing.state.status !== 'cancelled') return;
    const entry: Entry = { job, state: { id: job.id, status: 'queued', progress: 0 }, tasks: [], threads: new Set() };
    const splitter = JOB_SPLITTERS[job.name];
    const parts = splitter && this.maxParts > 1 ? splitter.split(job.data, this.maxParts) : undefined;
    const task = (key: string, name: string, data: unknown, weight: number): Task => ({ key, entry, name, data, weight, progress: 0, attempts: 0, done: false });
    if (parts && parts.length > 1) {
      entry.tasks = parts.map((p, i) => task(`${job.id}#${i}`, p.name, p.data, p.weight));
      entry.combine = splitter!.combine;
    } else {
      entry.tasks = [task(job.id, job.name, job.data, 1)];
    }
    this.entries.set(job.id, entry);
    this.waiting.push(...entry.tasks);
    this.emit(job.id);
    this.pump();
  }

  async get(id: string): Promise<JobState | undefined> {
    const e = this.entries.get(id);
    return e ? { ...e.state } : undefined;
  }

  /** How a job was spread: its parts and the distinct threads that ran them (tests). */
  spread(id: string): { parts: number; threads: number } | undefined {
    const e = this.entries.get(id);
    return e ? { parts: e.tasks.length, threads: e.threads.size } : undefined;
  }

  async cancel(id: string): Promise<boolean> {
    const e = this.entries.get(id);
    if (!e || TERMINAL.has(e.state.status)) return false;
    this.finish(e, { status: 'cancelled' });
    await this.abandon(e);
    this.pump();
    return true;
  }

  /**
   * Kill the (first) thread running `id` as a crash would (tests/contract): its task is retried.
   * Returns false when the job is not running.
   */
  async crash(id: string): Promise<boolean> {
    const slot = [...this.slots].find((s) => s.task?.entry.job.id === id);
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

  /** Drop a finished job's waiting tasks and stop the threads running its others. */
  private async abandon(e: Entry): Promise<void> {
    for (let i = this.waiting.length - 1; i >= 0; i--) if (this.waiting[i]!.entry === e) this.waiting.splice(i, 1);
    const running = [...this.slots].filter((s) => s.task?.entry === e);
    await Promise.all(running.map((s) => this.retire(s)));
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
      if (slot.ready && !slot.task) this.dispatch(slot);
    }
    while (this.waiting.length && this.slots.size < this.concurrency) this.spawn();
  }

  private progressOf(e: Entry): number {
    let p = 0;
    for (const t of e.tasks) p += t.weight * (t.done ? 1 : t.progress);
    return Math.max(0, Math.min(1, p));
  }

  private dispatch(slot: Slot): void {
    const task = this.waiting.shift();
    if (task === undefined) return;
    const e = task.entry;
    if (task.done || TERMINAL.has(e.state.status) || this.entries.get(e.job.id) !== e) return this.dispatch(slot);
    task.attempts++;
    task.progress = 0;
    task.slot = slot;
    slot.task = task;
    slot.worker.ref();
    e.threads.add(slot.worker.threadId);
    if (e.state.status !== 'running') {
      e.state = { ...e.state, status: 'running', progress: this.progressOf(e) };
      this.emit(e.job.id);
    }
    slot.worker.postMessage({ type: 'run', jobId: task.key, name: task.name, data: task.data, attempt: task.attempts });
  }

  private next(slot: Slot): void {
    if (this.waiting.length) this.dispatch(slot);
    if (!slot.task) slot.worker.unref();
  }

  private spawn(): void {
    const worker = new Worker(new URL('./thread.mjs', import.meta.url));
    const slot: Slot = { worker, ready: false };
    this.slots.add(slot);
    worker.on('message', (msg: { type: string; jobId?: string; progress?: number; result?: unknown; message?: string }) => {
      if (msg.type === 'ready') {
        slot.ready = true;
        this.next(slot);
        return;
      }
      const task = slot.task;
      if (!task || task.key !== msg.jobId) return;
      const e = task.entry;
      if (e.state.status !== 'running') return;
      if (msg.type === 'progress') {
        task.progress = Math.max(0, Math.min(1, Number(msg.progress) || 0));
        e.state = { ...e.state, progress: this.progressOf(e) };
        this.emit(e.job.id);
        return;
      }
      slot.task = undefined;
      task.slot = undefined;
      if (msg.type === 'done') {
        task.done = true;
        task.result = msg.result;
        if (e.tasks.every((t) => t.done)) this.complete(e);
        else {
          e.state = { ...e.state, progress: this.progressOf(e) };
          this.emit(e.job.id);
        }
      } else {
        this.finish(e, { status: 'failed', error: msg.message ?? 'The job failed.' });
        void this.abandon(e);
      }
      this.next(slot);
    });
    worker.on('error', () => {
      // an uncaught error ends the thread; 'exit' handles the task
    });
    worker.on('exit', () => {
      this.slots.delete(slot);
      const task = slot.task;
      slot.task = undefined;
      if (task) task.slot = undefined;
      const e = task?.entry;
      if (task && e && e.state.status === 'running' && !task.done) {
        // The thread died mid-task: run the task again from its start (it is deterministic), or give up.
        if (task.attempts < this.maxAttempts) {
          task.progress = 0;
          const others = e.tasks.some((t) => t !== task && (t.done || t.slot));
          e.state = { ...e.state, status: others ? 'running' : 'queued', progress: this.progressOf(e) };
          this.waiting.unshift(task);
          this.emit(e.job.id);
        } else {
          this.finish(e, { status: 'failed', error: `The worker thread died ${task.attempts} times running this job.` });
          void this.abandon(e);
        }
      }
      this.pump();
    });
  }

  private complete(e: Entry): void {
    let result: unknown;
    try {
      result = e.combine ? e.combine(e.tasks.map((t) => t.result)) : e.tasks[0]!.result;
    } catch (error) {
      this.finish(e, { status: 'failed', error: (error as Error)?.message ?? 'The job failed.' });
      return;
    }
    for (const t of e.tasks) t.result = undefined;
    this.finish(e, { status: 'completed', progress: 1, result });
  }

  private async retire(slot: Slot): Promise<void> {
    if (slot.task) slot.task.slot = undefined;
    slot.task = undefined;
    this.slots.delete(slot);
    await slot.worker.terminate();
  }
}
