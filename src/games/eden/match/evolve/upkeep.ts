/** The events of the Upkeep phase (EDEN-UPKEEP-3..10) and the end of the game (EDEN-GAME-1/2/3): their data and their folds. */
import type { FoldTable } from '../../../../kernel/folds.js';
import type { DiceFact } from '../../../../kernel/dice/facts.js';
import { SIDES, type EdenMatchState, type FighterChanges, type Side } from '../state.js';
import { current } from '../event-versions.js';
import { applyChanges, mapBand } from './fold.js';

export type UpkeepEvent =
  | { type: 'eden.upkeep_resolved'; data: { turn: number; removeRage: string[]; changes: FighterChanges; dice: DiceFact } }
  | { type: 'eden.victory_points_scored'; data: { turn: number; gained: Record<Side, number>; totals: Record<Side, number> } }
  | { type: 'eden.game_ended'; data: { reason: 'turns' | 'elimination'; turn: number; victoryPoints: Record<Side, number>; winner: Side | null } };

export const UPKEEP_FOLDS: FoldTable<EdenMatchState, UpkeepEvent> = {
  // event schema v2 (event-versions.ts; v1 data is upcast first)
  'eden.upkeep_resolved': (state, d) => applyChanges(state, current('eden.upkeep_resolved', d).changes),
  'eden.victory_points_scored': (state, d) => {
    let next = state;
    for (const s of SIDES) next = mapBand(next, s, (b) => ({ ...b, victoryPoints: d.totals[s] }));
    return next;
  },
  'eden.game_ended': (state, d) => ({ ...state, phase: 'ended', result: { ...d } }),
};
