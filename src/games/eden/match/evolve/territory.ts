/** Folding the Territory events (§16): placed, attacked, burning and touched scenery (EDEN-TERRAIN-*). */
import { current } from '../event-versions.js';
import type { EdenMatchState } from '../state.js';
import { afterScenery, applyChanges, countAttack, enterPrep, nextPlacer, withScenery, type EvolverTable } from './fold.js';

export const TERRITORY_EVENTS: EvolverTable<'eden.scenery_placed' | 'eden.scenery_attacked' | 'eden.scenery_ignited' | 'eden.scenery_contact_resolved' | 'eden.scenery_burned'> = {
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
