/**
 * Ports: what the use cases need from the outside world. src/infra holds the real implementations
 * (PostgreSQL / PGlite; BullMQ / in-process worker threads; the API-key, event and simulation
 * stores) and tests/contract runs one suite against every implementation. The composition root
 * (src/composition.ts) opens them and hands them to the services once, at start-up.
 * The match event store port is in src/app/matches/ports.ts, the simulation store's in
 * src/app/simulations/ports.ts.
 */

/** The time, for use cases that record or throttle by it (real one: Date.now). */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** Fresh ids and seeds (real one: randomUUID for both). */
export interface IdSource {
  /** A new entity id (uuid). */
  newId(): string;
  /** A random seed for dice or decks when the caller gave none. */
  randomSeed(): string;
}

/** The owner of an API key: the tenant that owns matches and simulations. */
export interface KeyOwner {
  id: string;
  name: string;
}

export interface CreatedKey extends KeyOwner {
  /** The plaintext key: shown once, never stored. */
  key: string;
  createdAt: Date;
}

/** API keys (CONTRACT §0), stored hashed (src/infra/keys.ts). */
export interface ApiKeyStore {
  create(name: string): Promise<CreatedKey>;
  resolve(key: string): Promise<KeyOwner | undefined>;
  /** Revokes a key; false when the id is unknown or already revoked. */
  revoke(id: string): Promise<boolean>;
  /** Those of `ids` whose key is revoked (one query: open streams re-check their keys). */
  revokedAmong(ids: string[]): Promise<string[]>;
}

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
  /**
   * Every write of what the service stores goes through this handle: the process that owns the
   * embedded data directory (a worker connected to it writes simulations only). Its stores may keep
   * what they read until they write it themselves (src/infra/only-writer-memo.ts). Not PostgreSQL,
   * which other processes share.
   */
  readonly soleWriter?: boolean;
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
