/**
 * One turn at a time per key, in arrival order, within this process: the SQL store (index.ts) queues
 * `serialized` work on a match here before it opens the transaction that takes the match's advisory
 * lock, so one process holds at most one pooled connection per contested match (the others wait
 * here, not in PostgreSQL with a connection each). An idle key holds no memory.
 */
export class MatchQueue {
  /** The last turn queued per key: settles when that turn ends. */
  private readonly tails = new Map<string, Promise<void>>();

  /** Runs `fn` once every earlier turn of `key` has ended; its result or error is `fn`'s. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key);
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.tails.set(key, mine);
    try {
      if (before) await before; // never rejects: only `release` settles it
      return await fn();
    } finally {
      release();
      if (this.tails.get(key) === mine) this.tails.delete(key);
    }
  }

  /** Keys with a turn running or queued (for tests: an idle queue holds none). */
  get size(): number {
    return this.tails.size;
  }
}
