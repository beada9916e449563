/** Folding the Upkeep phase (EDEN-UPKEEP-3..10) and the end of the game (EDEN-GAME-1/2/3). */
import { SIDES } from '../state.js';
import { mapBand, updateFighters, type EvolverTable } from './fold.js';

export const UPKEEP_EVENTS: EvolverTable<'eden.upkeep_resolved' | 'eden.victory_points_scored' | 'eden.game_ended'> = {
  'eden.upkeep_resolved': (state, d) => updateFighters(state, d.fighters),
  'eden.victory_points_scored': (state, d) => {
    let next = state;
    for (const s of SIDES) next = mapBand(next, s, (b) => ({ ...b, victoryPoints: d.totals[s] }));
    return next;
  },
  'eden.game_ended': (state, d) => ({ ...state, phase: 'ended', result: { ...d } }),
};
