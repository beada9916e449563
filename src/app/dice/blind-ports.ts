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

/**
 * The anonymous storage budget a new roll is kept under (MAX_BLIND_ROLLS_PER_IP,
 * MAX_BLIND_ROLLS_ANONYMOUS): live rolls are counted per client and over every anonymous client
 * together. A roll made with an API key is stored without one (it counts in neither).
 */
export interface BlindRollBudget {
  /** Who asked: a digest of the client address (never the address itself). */
  client: string;
  /** Live rolls `client` may keep (0: no cap). */
  perClient: number;
  /** Live anonymous rolls of every client together (0: no cap). */
  total: number;
}

/** Why a roll was not kept: the budget that is full, its limit, and when its oldest live roll expires (ms). */
export interface BlindRollRefusal {
  scope: 'client' | 'total';
  limit: number;
  /** The instant (ms) a slot of that budget frees up at the latest: the oldest counted roll expires. */
  freesAt: number;
}

export interface BlindRollStore {
  /**
   * Keep a new, unrevealed blind roll; with a `budget`, only if neither of its counts of live rolls
   * (at `roll.createdAt`) is full — else nothing is kept and the refusal says which. The count per
   * client and the insert agree whatever runs beside them; the total may be passed by at most the
   * number of rolls being created at that moment by other clients.
   */
  create(roll: Omit<BlindRoll, 'clientSeed' | 'revealedAt'>, budget?: BlindRollBudget): Promise<BlindRollRefusal | undefined>;
  /** The roll by id, unless unknown or expired at `now`. */
  find(id: string, now: number): Promise<BlindRoll | undefined>;
  /**
   * Reveal the roll with `clientSeed` at `now`, atomically: the first reveal fixes the client seed
   * and the time; a later one (even a concurrent one) changes nothing and answers the roll as the
   * first reveal left it. Undefined when unknown or expired.
   */
  reveal(id: string, clientSeed: string, now: number): Promise<BlindRoll | undefined>;
  /** Remove the rolls expired at `now` (how many): they are deleted, not only hidden. */
  purgeExpired(now: number): Promise<number>;
}
