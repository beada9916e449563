/**
 * In-process job runner (no REDIS_URL): jobs run on a tinypool pool of node:worker_threads
 * (thread.ts), so simulations never block the event loop that serves requests. A thread that dies
 * mid-task (crash, out of memory, killed) is replaced by the pool and its task retried from the
 * start, up to `maxAttempts`; simulations are deterministic from their seed, so a retry reproduces
 * the same result. Jobs live in memory: the simulations use case re-enqueues unfinished
 * simulations from the database at start-up.
 *
 * A job with a splitter (jobs.ts: a simulation) is cut into parts — contiguous chunk ranges, at
 * most `maxPartsPerJob` (default: the thread count) — that run side by side, and each part into
 * slices of at most `sliceChunks` chunks that run one after another; the slices' results are
 * combined in chunk order once all are done, which gives exactly the whole job's result. A thread
 * that dies re-runs only its slice.
 *
 * Fairness: the runner, not the pool, decides what runs next. Whenever a thread is free it takes
 * the next slice of the next owner in turn (round-robin over the owners with work waiting, FIFO
 * within an owner), so one API key's large simulations hold a thread for one slice at a time and
 * another key's job starts as soon as any slice ends.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import Tinypool from 'tinypool';
import type { JobRequest, JobRunner, JobState } from '../../app/ports.js';
import { JOB_SPLITTERS, SLICE_CHUNKS } from './jobs.js';
import { entryFile } from './entry.js';
import { OwnerTurns } from './owner-turns.js';

/** One unit of work run on one thread: a whole job, or one slice of one part of a split job. */
interface Slice {
  name: string;
  data: unknown;
  /** Share of the job's work (progress). */
  weight: number;
  progress: number;
  attempts: number;
  done: boolean;
  result?: unknown;
}

/** Slices run one after another (at most one of a part at a time). */
interface Part {
  slices: Slice[];
  next: number;
  running: boolean;
}

interface Entry {
  job: JobRequest;
  owner: string;
  state: JobState;
  parts: Part[];
  /** Every slice, in chunk order (what `combine` takes). */
  slices: Slice[];
  combine?: (results: unknown[]) => unknown;
  /** Threads that ran a slice of this job (introspection for tests). */
  threads: Set<number>;
  finishedAt?: number;
}

interface Running {
  entry: Entry;
  part: Part;
  slice: Slice;
  abort: AbortController;
  port: MessagePort;
}

export interface InProcessOptions {
  /** Threads (default: cores − 1, at least 1, at most 4). */
  concurrency?: number;
  /** Attempts per slice when its thread dies (default 3). */
  maxAttempts?: number;
  /** Finished jobs kept in memory (default 10,000). */
  keep?: number;
  /** Most threads one job may be spread over (default: `concurrency`). */
  maxPartsPerJob?: number;
  /** Most simulation chunks one slice runs before its thread is offered to the next owner (default 25, ≈0.4 s). */
  sliceChunks?: number;
  /** An idle thread is stopped after this long (default 60 s); the next job starts a new one. */
  idleTimeoutMs?: number;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

export class InProcessJobRunner implements JobRunner {
  readonly kind = 'in-process' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly turns = new OwnerTurns<Entry>();
  private readonly running = new Set<Running>();
  private readonly listeners = new Set<(state: JobState) => void>();
  private readonly pool: Tinypool;
  private readonly concurrency: number;
  private readonly maxAttempts: number;
  private readonly keep: number;
  private readonly maxParts: number;
  private readonly sliceChunks: number;
  private readonly watched = new WeakSet<object>();
  private closed = false;

  constructor(options: InProcessOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? Math.min(4, availableParallelism() - 1));
    this.maxAttempts = options.maxAttempts ?? 3;
    this.keep = options.keep ?? 10_000;
    this.maxParts = Math.max(1, Math.min(this.concurrency, options.maxPartsPerJob ?? this.concurrency));
    this.sliceChunks = Math.max(1, options.sliceChunks ?? SLICE_CHUNKS);
    this.pool = new Tinypool({
      filename: entryFile('thread').href,
      minThreads: 0,
      maxThreads: this.concurrency,
      idleTimeout: options.idleTimeoutMs ?? 60_000,
    });
    this.pool.on('error', () => undefined); // a thread's death is handled per task (settle)
  }

  async enqueue(job: JobRequest): Promise<void> {
    if (this.closed) throw new Error('The job runner is closed.');
    const existing = this.entries.get(job.id);
    // Deduplication: an id that is queued, running or completed is not enqueued again.
    if (existing && existing.state.status !== 'failed' && existing.state.status !== 'cancelled') return;
    const slice = (name: string, data: unknown, weight: number): Slice => ({ name, data, weight, progress: 0, attempts: 0, done: false });
    const entry: Entry = { job, owner: job.owner ?? '', state: { id: job.id, status: 'queued', progress: 0 }, parts: [], slices: [], threads: new Set() };
    const splitter = JOB_SPLITTERS[job.name];
    if (splitter) {
      for (const p of splitter.split(job.data, this.maxParts)) {
        const slices = splitter.slice(p, this.sliceChunks).map((s) => slice(s.name, s.data, s.weight));
        entry.parts.push({ slices, next: 0, running: false });
        entry.slices.push(...slices);
      }
      entry.combine = splitter.combine;
    } else {
      entry.slices = [slice(job.name, job.data, 1)];
      entry.parts = [{ slices: entry.slices, next: 0, running: false }];
    }
    this.entries.set(job.id, entry);
    this.turns.add(entry.owner, entry);
    this.emit(entry);
    this.pump();
  }

  async get(id: string): Promise<JobState | undefined> {
    const e = this.entries.get(id);
    return e ? { ...e.state } : undefined;
  }

  /** How a job was spread: its parts and the distinct threads that ran them (tests). */
  spread(id: string): { parts: number; threads: number } | undefined {
    const e = this.entries.get(id);
    return e ? { parts: e.parts.length, threads: e.threads.size } : undefined;
  }

  async cancel(id: string): Promise<boolean> {
    const e = this.entries.get(id);
    if (!e || TERMINAL.has(e.state.status)) return false;
    this.finish(e, { status: 'cancelled' });
    this.pump();
    return true;
  }

  /**
   * Kill the thread running a slice of `id` as a crash would (tests/contract): once that slice has
   * reported some progress, so its retry visibly starts over. False when the job is not running
   * (unknown, or finished: between two of its slices it is still running, so the wait goes on).
   */
  async crash(id: string): Promise<boolean> {
    for (let waited = 0; waited < 5_000; waited += 10) {
      const entry = this.entries.get(id);
      if (!entry || TERMINAL.has(entry.state.status)) return false;
      const runs = [...this.running].filter((r) => r.entry.job.id === id);
      const run = runs.find((r) => r.slice.progress > 0);
      if (run) {
        run.abort.abort(); // the pool terminates the thread; settle() retries the slice
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return false;
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
    for (const r of this.running) r.port.close();
    this.running.clear();
    this.listeners.clear();
    await this.pool.destroy();
  }

  private emit(e: Entry): void {
    for (const l of this.listeners) {
      try {
        l({ ...e.state });
      } catch {
        // a listener's failure is its own
      }
    }
  }

  private progressOf(e: Entry): number {
    let p = 0;
    for (const s of e.slices) p += s.weight * (s.done ? 1 : s.progress);
    return Math.max(0, Math.min(1, p));
  }

  private finish(e: Entry, patch: Partial<JobState>): void {
    e.state = { ...e.state, ...patch };
    e.finishedAt = Date.now();
    this.turns.remove(e.owner, e);
    // stop the threads still running its other slices (the pool replaces them)
    for (const r of this.running) if (r.entry === e) r.abort.abort();
    this.emit(e);
    this.evict();
  }

  private evict(): void {
    if (this.entries.size <= this.keep) return;
    for (const [id, e] of this.entries) {
      if (this.entries.size <= this.keep) break;
      if (e.finishedAt !== undefined) this.entries.delete(id);
    }
  }

  /** Fill the free threads, one slice at a time, taking owners in turn. */
  private pump(): void {
    while (!this.closed && this.running.size < this.concurrency) {
      const next = this.turns.next((e) => e.parts.find((p) => !p.running && p.next < p.slices.length));
      if (!next) return;
      this.dispatch(next.item, next.found);
    }
  }

  private dispatch(entry: Entry, part: Part): void {
    const slice = part.slices[part.next]!;
    slice.attempts++;
    slice.progress = 0;
    part.running = true;
    const { port1, port2 } = new MessageChannel();
    const run: Running = { entry, part, slice, abort: new AbortController(), port: port1 };
    this.running.add(run);
    if (entry.state.status !== 'running') {
      entry.state = { ...entry.state, status: 'running', progress: this.progressOf(entry) };
      this.emit(entry);
    }
    port1.on('message', (msg: { type: string; threadId?: number; progress?: number }) => {
      if (!this.running.has(run) || entry.state.status !== 'running') return;
      if (msg.type === 'start') {
        entry.threads.add(msg.threadId!);
        this.watchThread(msg.threadId!);
      } else if (msg.type === 'progress') {
        slice.progress = Math.max(0, Math.min(1, Number(msg.progress) || 0));
        entry.state = { ...entry.state, progress: this.progressOf(entry) };
        this.emit(entry);
      }
    });
    const task = { port: port2, name: slice.name, data: slice.data, attempt: slice.attempts };
    this.pool.run(task, { transferList: [port2], signal: run.abort.signal }).then(
      (answer: { ok: boolean; result?: unknown; message?: string }) => this.settle(run, answer),
      () => this.settle(run, undefined),
    );
  }

  /**
   * The pool learns of a thread's death from its 'error' event; a thread that merely exits
   * (process.exit in a job) would leave its task pending, so its exit is reported as an error.
   */
  private watchThread(threadId: number): void {
    const thread = this.pool.threads.find((t) => t.threadId === threadId);
    if (!thread || this.watched.has(thread)) return;
    this.watched.add(thread);
    thread.once('exit', (code: number) => {
      if (this.pool.threads.includes(thread)) thread.emit('error', new Error(`The worker thread exited (code ${code}).`));
    });
  }

  /** A slice ended: `answer` from its thread, or undefined when the thread died or was stopped. */
  private settle(run: Running, answer: { ok: boolean; result?: unknown; message?: string } | undefined): void {
    if (!this.running.delete(run)) return;
    run.port.close();
    const { entry: e, part, slice } = run;
    part.running = false;
    if (e.state.status === 'running' && this.entries.get(e.job.id) === e) {
      if (answer?.ok) {
        slice.done = true;
        slice.result = answer.result;
        part.next++;
        if (e.slices.every((s) => s.done)) this.complete(e);
        else {
          e.state = { ...e.state, progress: this.progressOf(e) };
          this.emit(e);
        }
      } else if (answer) {
        this.finish(e, { status: 'failed', error: answer.message ?? 'The job failed.' });
      } else if (slice.attempts < this.maxAttempts) {
        // The thread died mid-slice: run the slice again from its start (it is deterministic).
        slice.progress = 0;
        const others = e.slices.some((s) => s.done) || [...this.running].some((r) => r.entry === e);
        e.state = { ...e.state, status: others ? 'running' : 'queued', progress: this.progressOf(e) };
        this.emit(e);
      } else {
        this.finish(e, { status: 'failed', error: `The worker thread died ${slice.attempts} times running this job.` });
      }
    }
    this.pump();
  }

  private complete(e: Entry): void {
    let result: unknown;
    try {
      result = e.combine ? e.combine(e.slices.map((s) => s.result)) : e.slices[0]!.result;
    } catch (error) {
      this.finish(e, { status: 'failed', error: (error as Error)?.message ?? 'The job failed.' });
      return;
    }
    for (const s of e.slices) s.result = undefined;
    this.finish(e, { status: 'completed', progress: 1, result });
  }
}
