/** Folding the Upkeep phase (EDEN-UPKEEP-3..10) and the end of the game (EDEN-GAME-1/2/3). */
import { SIDES } from '../state.js';
import { current } from '../event-versions.js';
import { applyChanges, mapBand, type EvolverTable } from './fold.js';

export const UPKEEP_EVENTS: EvolverTable<'eden.upkeep_resolved' | 'eden.victory_points_scored' | 'eden.game_ended'> = {
  // event schema v2 (event-versions.ts; v1 data is upcast first)
  'eden.upkeep_resolved': (state, d) => applyChanges(state, current('eden.upkeep_resolved', d).changes),
  'eden.victory_points_scored': (state, d) => {
    let next = state;
    for (const s of SIDES) next = mapBand(next, s, (b) => ({ ...b, victoryPoints: d.totals[s] }));
    return next;
  },
  'eden.game_ended': (state, d) => ({ ...state, phase: 'ended', result: { ...d } }),
};
