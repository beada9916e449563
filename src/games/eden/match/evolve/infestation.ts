/** The Infestation events (§17): the level, placed NPCs, their activation and elimination (EDEN-NPC-*): their data and their folds. */
import type { FoldTable } from '../../../../kernel/folds.js';
import type { DiceFact } from '../../../../kernel/dice/facts.js';
import { isOutOfAction, normalizeFighter, type Fighter } from '../../rules/fighter.js';
import { current } from '../event-versions.js';
import { otherSide, type EdenMatchState, type FighterChanges, type NpcAction, type Side } from '../state.js';
import { applyChanges, countAttack, enterPrep, freshTurn, mapBand, nextPlacer } from './fold.js';

export type InfestationEvent =
  | { type: 'eden.infestation_level_set'; data: { level: number } }
  | { type: 'eden.npc_placed'; data: { player: Side; npc: Fighter; level: number; pointsLeft: number } }
  | { type: 'eden.npc_placement_stopped'; data: { player: Side } }
  | {
      type: 'eden.npc_activated';
      data: {
        player: Side;
        npcId: string;
        /** v2: what the NPC did and to whom (v1: the core's whole decision, candidates and rule included). */
        decision: NpcAction;
        /** v2: the attack's reaction and success (v1: the melee core's result), null when it wandered. */
        melee: { reaction: string; success: boolean } | null;
        responded: boolean;
        changes: FighterChanges;
        dice: DiceFact;
      };
    }
  | { type: 'eden.npc_eliminated'; data: { npcId: string; level: number; player: Side; byFighter: string; victoryPoints: number } };

export const INFESTATION_FOLDS: FoldTable<EdenMatchState, InfestationEvent> = {
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
