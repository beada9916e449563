/**
 * How an EDEN match stands (CONTRACT §8.2 `state.outcome`), derived from the projection alone:
 * ended or not, the winners by player id, why it ended and the victory points by player id.
 */
import { SIDES, setOwn, type EdenMatchState } from './state.js';

export interface EdenOutcome {
  ended: boolean;
  winners: string[];
  /** `turns` (EDEN-GAME-1) or `elimination` (EDEN-GAME-2): the code `eden.game_ended` records. */
  reason?: 'turns' | 'elimination';
  score: Record<string, number>;
}

export function edenOutcome(state: Pick<EdenMatchState, 'bands' | 'result'>): EdenOutcome {
  // EDEN-GAME-3 / EDEN-UPKEEP-10: victory points (never below 0), final once the game ended
  const score: Record<string, number> = {};
  for (const side of SIDES) setOwn(score, state.bands[side].player.id, state.result?.victoryPoints[side] ?? state.bands[side].victoryPoints);
  if (!state.result) return { ended: false, winners: [], score };
  // EDEN-GAME-1: after the last turn; EDEN-GAME-2: early, when a band has no fighter left on the
  // table. EDEN-GAME-3: more VP wins; equal VP is a draw (no winner).
  const winner = state.result.winner;
  return { ended: true, winners: winner ? [state.bands[winner].player.id] : [], reason: state.result.reason, score };
}
