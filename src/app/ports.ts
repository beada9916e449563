/**
 * Ports: what the use cases need from the outside world. src/infra holds two real implementations
 * of each (PostgreSQL / PGlite; BullMQ / in-process worker threads) and tests/contract runs one
 * suite against every implementation.
 */

export interface SqlResult<T> {
  rows: T[];
  rowCount: number;
}

export interface SqlClient {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<SqlResult<T>>;
}

export interface Database extends SqlClient {
  readonly kind: 'pglite' | 'postgres';
  /** Connection string of the server (for PGlite, its local socket server). */
  readonly url: string;
  /** Run `fn` in one transaction on one connection; rolled back if it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A job as the queue sees it. */
export interface JobRequest {
  /** Job id chosen by the caller (deduplication uses it). */
  id: string;
  name: string;
  data: unknown;
  /** Who asked for it (an API key id): runners share their capacity fairly between owners. */
  owner?: string;
}

export type JobStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface JobState {
  id: string;
  status: JobStatus;
  progress: number;
  result?: unknown;
  error?: string;
}

/** The queue's backing service (Redis) does not answer: the operation was not done; try again later. */
export class QueueUnavailable extends Error {
  constructor(message = 'The job queue is unavailable.', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'QueueUnavailable';
  }
}

/** A background job runner (BullMQ with `npm run worker`, or in-process worker threads). */
export interface JobRunner {
  readonly kind: 'bullmq' | 'in-process';
  enqueue(job: JobRequest): Promise<void>;
  get(id: string): Promise<JobState | undefined>;
  cancel(id: string): Promise<boolean>;
  /** Called with every progress or status change. Returns an unsubscribe function. */
  onUpdate(listener: (state: JobState) => void): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}
