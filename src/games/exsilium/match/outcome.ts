/**
 * How an Exsilium match stands (CONTRACT §8.2 `state.outcome`), from the table alone: the winner
 * once a player's Baralytas reach the target, and every player's Baralytas points as the score.
 * `summary.winner` (summary.ts) is the same winner, kept for earlier clients.
 */
import { points, setOwn, type Table } from './table.js';

export interface ExsiliumOutcome {
  ended: boolean;
  winners: string[];
  reason?: 'EXS-WIN-1';
  score?: Record<string, number>;
}

/** A match without a scenario is a log of stateless resolutions: it has no end. */
export function exsiliumOutcome(t: Table | undefined): ExsiliumOutcome {
  if (!t) return { ended: false, winners: [] };
  // EXS-WIN-1: the Baralytas points each player holds, counted against the target
  const score: Record<string, number> = {};
  for (const [id, p] of Object.entries(t.players)) setOwn(score, id, points(p));
  if (t.phase !== 'ended') return { ended: false, winners: [], score };
  // EXS-WIN-1 / EXS-WIN-3: the player whose points reached the target wins at once (`exsilium.game_won`)
  return { ended: true, winners: t.winner ? [t.winner] : [], reason: 'EXS-WIN-1', score };
}
