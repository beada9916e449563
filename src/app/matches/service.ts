/**
 * The match services (CONTRACT §5), one per job over the same folds of the same event store: the
 * write pipeline (`commands`: create, command, append, correct, with idempotency and retries),
 * the reads with redaction (`reads`: state, log, events after a version, moves, digest) and the
 * listing (`listing`). Transports call these, never the store.
 */
import { MatchAnswers } from './answers.js';
import { MatchCommands, type MatchCommandsOptions } from './commands.js';
import { MatchFolds } from './folds.js';
import { MatchListing } from './listing.js';
import type { EventStore } from './ports.js';
import { MatchReads } from './reads.js';

export interface MatchServices {
  commands: MatchCommands;
  reads: MatchReads;
  listing: MatchListing;
}

export interface MatchServiceOptions extends MatchCommandsOptions {
  /** Matches whose latest fold is kept between commands (default 1,000; 0 folds the whole log every time). */
  foldCacheSize?: number;
}

export function matchServices(store: EventStore, options: MatchServiceOptions): MatchServices {
  const folds = new MatchFolds(store, options.foldCacheSize);
  return {
    commands: new MatchCommands(store, folds, new MatchAnswers(folds), options),
    reads: new MatchReads(folds),
    listing: new MatchListing(store, folds),
  };
}
