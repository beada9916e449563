/**
 * Outages logged on state change, not per request: the first failure of a dependency that was
 * answering logs one "<name> unavailable" line, the first success after it one "<name> available
 * again" line (how long it was away, how many operations failed meanwhile). The requests it fails
 * answer 503 + Retry-After and log no error line of their own (src/transport/problem.ts `isOutage`).
 * Used by the served database (./database/connecting.ts, whose gate the Prisma client's operations
 * pass too: `serveOn`) and the BullMQ runner (./queue/bullmq.ts).
 */
export interface OutageLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** What an outage line says of the error: its kind and code, never a stack. */
function summary(error: unknown): { type?: string; code?: string; message?: string } {
  const e = error as { name?: unknown; code?: unknown; message?: unknown } | undefined;
  return {
    type: typeof e?.name === 'string' ? e.name : undefined,
    code: typeof e?.code === 'string' ? e.code : undefined,
    message: typeof e?.message === 'string' ? e.message.split('\n')[0] : undefined,
  };
}

export class OutageMonitor {
  private downSince: number | undefined;
  private failures = 0;

  constructor(
    /** The dependency, as the lines name it ("database", "job queue"). */
    private readonly name: string,
    private readonly log?: OutageLogger,
    private readonly now: () => number = Date.now,
  ) {}

  /** True between a failure and the next success. */
  get down(): boolean {
    return this.downSince !== undefined;
  }

  /** An operation failed because the dependency did not answer. */
  failed(error: unknown): void {
    this.failures++;
    if (this.downSince !== undefined) return;
    this.downSince = this.now();
    this.failures = 1;
    this.log?.warn({ dependency: this.name, err: summary(error) }, `${this.name} unavailable`);
  }

  /** An operation got an answer (an SQL error is an answer too). */
  answered(): void {
    if (this.downSince === undefined) return;
    const downForMs = this.now() - this.downSince;
    this.downSince = undefined;
    this.log?.info({ dependency: this.name, downForMs, failedOperations: this.failures }, `${this.name} available again`);
  }
}
