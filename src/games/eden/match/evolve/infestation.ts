/** Folding the Infestation events (§17): the level, placed NPCs, their activation and elimination (EDEN-NPC-*). */
import { isOutOfAction, normalizeFighter } from '../../rules/fighter.js';
import { current } from '../event-versions.js';
import { otherSide, type EdenMatchState } from '../state.js';
import { applyChanges, countAttack, enterPrep, freshTurn, mapBand, nextPlacer, type EvolverTable } from './fold.js';

export const INFESTATION_EVENTS: EvolverTable<'eden.infestation_level_set' | 'eden.npc_placed' | 'eden.npc_placement_stopped' | 'eden.npc_activated' | 'eden.npc_eliminated'> = {
  'eden.infestation_level_set': (state, d) => {
    const level = d.level;
    const next: EdenMatchState = { ...state, infestation: { ...state.infestation!, level, points: { A: level, B: level } } };
    return enterPrep(next, 'infestation');
  },
  'eden.npc_placed': (state, d) => {
    const inf = state.infestation!;
    const placed = { ...inf, points: { ...inf.points, [d.player]: d.pointsLeft } };
    const fighter = { ...normalizeFighter(d.npc), npc: true };
    const next: EdenMatchState = {
      ...state,
      infestation: { ...placed, next: nextPlacer(placed, d.player) },
      npcs: { ...state.npcs, [d.npc.id]: { level: d.level, placedBy: d.player } },
      fighters: { ...state.fighters, [d.npc.id]: { side: 'npc', fighter, outOfAction: isOutOfAction(fighter), turn: freshTurn(), itemUses: {} } },
    };
    return next.infestation!.next === null ? enterPrep(next, 'deployment') : next;
  },
  'eden.npc_placement_stopped': (state, d) => {
    const inf = state.infestation!;
    const stopped = { ...inf, stopped: [...inf.stopped, d.player] };
    const next: EdenMatchState = { ...state, infestation: { ...stopped, next: nextPlacer(stopped, d.player) } };
    return next.infestation!.next === null ? enterPrep(next, 'deployment') : next;
  },
  // event schema v2 (event-versions.ts; v1 data is upcast first)
  'eden.npc_activated': (state, data) => {
    const d = current('eden.npc_activated', data);
    let next = applyChanges(state, d.changes);
    if (d.responded && d.decision.targetId) next = countAttack(next, d.decision.targetId);
    return { ...next, upkeep: { npcsActivated: [...next.upkeep.npcsActivated, d.npcId], npcNext: otherSide(d.player) } };
  },
  // EDEN-NPC-6: VP equal to the NPC's level, at once
  'eden.npc_eliminated': (state, d) => mapBand(state, d.player, (b) => ({ ...b, victoryPoints: b.victoryPoints + d.victoryPoints })),
};
