/**
 * Answers of a read kept in memory where this process is the database's only writer
 * (`Database.soleWriter`): the embedded default, whose data directory one process owns
 * (src/infra/database/lock.ts; `npm run worker` connects through it and writes simulations only).
 * What such a process has not written itself has not changed, so a seat's generation or a key's
 * owner and revocation need no round trip per request there, and a revocation still holds at once:
 * every write of what a memo answers goes through `write` (or `begin`, in a transaction), which
 * forgets every answer once the write has ended.
 *
 * A read that was under way while a write ran keeps no answer (it may have read what the write
 * changed, or not); an answer of "nothing there" (undefined) is never kept. At most `capacity`
 * answers, the least recently used dropped first. With PostgreSQL, which other processes share,
 * the stores read every time.
 */
import type { Database } from '../app/ports.js';
import { RecentlyUsed } from '../kernel/recently-used.js';

/** The memos of each database handle, by name: every store over one handle shares them. */
const memos = new WeakMap<Database, Map<string, OnlyWriterMemo<never>>>();

/** `database`'s memo named `name` (one per handle: its stores' writes reach each other's answers), or undefined where it is not the sole writer. */
export function memoOf<V>(database: Database, name: string): OnlyWriterMemo<V> | undefined {
  if (!database.soleWriter) return undefined;
  let named = memos.get(database);
  if (!named) memos.set(database, (named = new Map()));
  let memo = named.get(name) as OnlyWriterMemo<V> | undefined;
  if (!memo) named.set(name, (memo = new OnlyWriterMemo<V>()) as OnlyWriterMemo<never>);
  return memo;
}

export class OnlyWriterMemo<V> {
  private readonly answers: RecentlyUsed<string, V>;
  /** Raised when a write starts and when it ends: a read that saw it change keeps nothing. */
  private writes = 0;
  /** Writes started and not ended: while any runs, no read keeps its answer. */
  private pending = 0;

  constructor(capacity = 10_000) {
    this.answers = new RecentlyUsed(capacity);
  }

  async read(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    const kept = this.answers.get(key);
    if (kept !== undefined) return kept;
    const before = this.writes;
    const value = await load();
    if (value !== undefined && this.writes === before && this.pending === 0) this.answers.set(key, value);
    return value;
  }

  /** Runs a write of what this memo answers; every answer is forgotten once it has ended. */
  async write<T>(work: () => Promise<T>): Promise<T> {
    const end = this.begin();
    try {
      return await work();
    } finally {
      end();
    }
  }

  /**
   * A write starts that ends later (inside a transaction: when it commits or rolls back); call the
   * function returned then. Until it is called no read keeps its answer.
   */
  begin(): () => void {
    this.writes++;
    this.pending++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.pending--;
      this.writes++;
      this.answers.clear();
    };
  }

  /** Answers kept (for tests). */
  get size(): number {
    return this.answers.size;
  }
}
