/** The Territory events (§16): placed, attacked, burning and touched scenery (EDEN-TERRAIN-*): their data and their folds. */
import type { FoldTable } from '../../../../kernel/folds.js';
import type { DiceFact } from '../../../../kernel/dice/facts.js';
import type { SceneryState } from '../../rules/scenery.js';
import { current } from '../event-versions.js';
import type { EdenMatchState, FighterChanges, Side } from '../state.js';
import { afterScenery, applyChanges, countAttack, enterPrep, nextPlacer, withScenery } from './fold.js';

export type TerritoryEvent =
  | { type: 'eden.scenery_placed'; data: { player: Side; sceneryId: string; element: string; cost: number; rules: SceneryState['rules']; pointsLeft: number } }
  | {
      type: 'eden.scenery_attacked';
      data: {
        attackerId: string;
        sceneryId: string;
        apSpent: number;
        attacks: number;
        destroyed: boolean;
        replacedBy: SceneryState | null;
        /** v2: the attacker's AP after the Attack (v1 stored the whole fighter). */
        changes: FighterChanges;
      };
    }
  | { type: 'eden.scenery_ignited'; data: { fighterId: string; sceneryId: string; markers: number; fire: number; destroyed: boolean; replacedBy: SceneryState | null } }
  | {
      type: 'eden.scenery_contact_resolved';
      data: {
        fighterId: string;
        sceneryId: string;
        moment: 'activation_start' | 'move_end';
        fireAdded: number;
        /** v2: the Fire marker and wounds it gave, in `changes` (v1: the core's wound rolls and the fighter whole). */
        changes: FighterChanges;
        dice: DiceFact;
      };
    }
  | { type: 'eden.scenery_burned'; data: { turn: number; scenery: { sceneryId: string; fire: number; destroyed: boolean; replacedBy: SceneryState | null }[] } };

export const TERRITORY_FOLDS: FoldTable<EdenMatchState, TerritoryEvent> = {
  'eden.scenery_placed': (state, d) => {
    const t = state.territory!;
    const territory = { ...t, points: { ...t.points, [d.player]: d.pointsLeft } };
    const next: EdenMatchState = {
      ...state,
      territory: { ...territory, next: nextPlacer(territory, d.player) },
      scenery: {
        ...state.scenery,
        [d.sceneryId]: { id: d.sceneryId, element: d.element, rules: d.rules.map((r) => ({ ...r })), attacks: 0, fire: 0, owner: d.player, cost: d.cost },
      },
    };
    return next.territory!.next === null ? enterPrep(next, afterScenery(next)) : next;
  },
  'eden.scenery_attacked': (state, data) => {
    const d = current('eden.scenery_attacked', data);
    const next = countAttack(applyChanges(state, d.changes), d.attackerId);
    return withScenery(next, d.sceneryId, { attacks: d.attacks }, d.destroyed, d.replacedBy);
  },
  'eden.scenery_ignited': (state, d) => withScenery(state, d.sceneryId, { fire: d.fire }, d.destroyed, d.replacedBy),
  'eden.scenery_contact_resolved': (state, d) => applyChanges(state, current('eden.scenery_contact_resolved', d).changes),
  'eden.scenery_burned': (state, d) => {
    let next = state;
    for (const s of d.scenery) next = withScenery(next, s.sceneryId, { fire: s.fire }, s.destroyed, s.replacedBy);
    return next;
  },
};
