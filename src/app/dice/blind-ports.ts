/**
 * The store of provably fair blind rolls (CONTRACT §8.3): what a blind roll keeps between its
 * commitment and its reveal. src/infra/blind-roll-store.ts keeps them in the `blind_rolls` table
 * (PostgreSQL / PGlite), src/infra/memory/blind-roll-store.ts in memory;
 * tests/contract/blind-roll-store.test.ts runs one suite against both.
 */

export interface BlindRoll {
  /** Random: whoever holds the id may reveal the roll (blind rolls need no key). */
  id: string;
  notation: string;
  /** Sets rolled (`repeat`), null when not given (one roll, no `sets`). */
  repeat: number | null;
  /** Chosen when the roll was asked for; shown only by the reveal. */
  serverSeed: string;
  /** Hex SHA-256 of `serverSeed` (UTF-8), shown at once. */
  commitment: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** After this instant (ms) the roll is gone: `find` and `reveal` answer undefined. */
  expiresAt: number;
  /** The client seed of the first reveal; null until revealed. */
  clientSeed: string | null;
  /** When it was first revealed (ms), else null. */
  revealedAt: number | null;
}

export interface BlindRollStore {
  /** Keep a new, unrevealed blind roll. */
  create(roll: Omit<BlindRoll, 'clientSeed' | 'revealedAt'>): Promise<void>;
  /** The roll by id, unless unknown or expired at `now`. */
  find(id: string, now: number): Promise<BlindRoll | undefined>;
  /**
   * Reveal the roll with `clientSeed` at `now`, atomically: the first reveal fixes the client seed
   * and the time; a later one (even a concurrent one) changes nothing and answers the roll as the
   * first reveal left it. Undefined when unknown or expired.
   */
  reveal(id: string, clientSeed: string, now: number): Promise<BlindRoll | undefined>;
  /** Remove the rolls expired at `now` (how many). */
  purgeExpired(now: number): Promise<number>;
}
