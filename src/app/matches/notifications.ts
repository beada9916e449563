/**
 * The port that wakes live feeds (SSE feeds, GraphQL subscriptions) when a match's events are
 * committed, by this process or by any other API process on the same database. Feeds subscribe
 * before they read, so no append falls between their read and their wait, and cost no queries
 * while nothing is appended.
 *
 * Implementations: in-process (./notifier.ts; the in-memory store and embedded PGlite, whose data
 * directory has one owner process) and PostgreSQL LISTEN/NOTIFY (src/infra/notify).
 */

/**
 * Called with the match's new version after an append committed, or with `undefined` when
 * notifications may have been missed (the listener reconnected): read again once.
 */
export type AppendListener = (version: number | undefined) => void;

export interface AppendNotifications {
  /** Listens for committed appends to `matchId`; returns the unsubscribe function. */
  subscribe(matchId: string, listener: AppendListener): () => void;
  /** Tells every feed of `matchId` (here and in other processes) that `version` was committed. */
  publish(matchId: string, version: number): void;
  /** Stops listening (closing the listener's connection, if any). */
  close(): Promise<void>;
}
