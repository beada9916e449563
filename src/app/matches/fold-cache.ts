/**
 * The fold of a match kept between commands (issue: commands must not slow down as a match
 * grows). A command reads only the events after the cached version and folds them onto the cached
 * state, so its cost does not depend on the length of the log. Entries are per match, the newest
 * ones kept (least recently used dropped beyond `capacity`); a stale entry is never wrong, only
 * caught up: the log is append-only and the store is read from the cached version on. A
 * correction withdraws earlier events, so a delta holding one folds the whole log again.
 *
 * States are immutable values (every game's evolve returns a new state), so sharing one between
 * the cache, the next command and an answer is safe; a cached fold and its state are frozen (only its parts not
 * frozen yet are walked: the parts it shares with the previous fold already are), so code that
 * wrote into one would fail loudly instead of changing a later command's state.
 */
import type { MatchFold } from '../../kernel/match-game.js';
import { RecentlyUsed } from '../../kernel/recently-used.js';

export interface FoldEntry {
  /** The version folded (the number of events read). */
  version: number;
  fold: MatchFold;
  /** Versions withdrawn by the corrections folded so far. */
  withdrawn: ReadonlySet<number>;
}

export class FoldCache {
  private readonly entries: RecentlyUsed<string, FoldEntry>;

  constructor(capacity = 1_000) {
    this.entries = new RecentlyUsed(capacity);
  }

  get(matchId: string): FoldEntry | undefined {
    return this.entries.get(matchId);
  }

  set(matchId: string, entry: FoldEntry): void {
    const known = this.entries.get(matchId);
    // two commands racing: keep the furthest fold
    if (known && known.version > entry.version) return;
    deepFreeze(entry.fold);
    this.entries.set(matchId, entry);
  }

  get size(): number {
    return this.entries.size;
  }
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const member of Object.values(value)) deepFreeze(member);
}
