/** The turn's events: its start, the Tactical and Activation phases, moves and dousing (EDEN-TURN-1): their data and their folds. */
import type { FoldTable } from '../../../../kernel/folds.js';
import type { DiceFact } from '../../../../kernel/dice/facts.js';
import { current } from '../event-versions.js';
import { setOwn, type Disengagement, type EdenMatchState, type FighterChanges, type FighterEntry, type Side } from '../state.js';
import { applyChanges, freshTurn, mapBand, mapFighter } from './fold.js';

export type TurnEvent =
  | { type: 'eden.turn_started'; data: { turn: number } }
  | { type: 'eden.tactic_played'; data: { player: Side; card: string; cost: number; cancelled: boolean; cancellationPaid: number } }
  | { type: 'eden.tactic_skipped'; data: { player: Side } }
  | { type: 'eden.activation_phase_started'; data: { firstPlayer: Side } }
  | { type: 'eden.fighter_designated'; data: { player: Side; fighterId: string; rap: number } }
  | { type: 'eden.activation_interrupted'; data: { player: Side; fighterId: string; rap: number } }
  | { type: 'eden.fighter_activated'; data: { player: Side; fighterId: string } }
  | {
      type: 'eden.fighter_moved';
      /** v2: the AP spent in `changes`, the disengagement as resolved (v1 stored the fighter whole and the core's roll). */
      data: { fighterId: string; apSpent: number; distance?: number; disengage: Disengagement | null; changes: FighterChanges; dice: DiceFact };
    }
  | { type: 'eden.fire_doused'; data: { fighterId: string; markers: number; changes: FighterChanges } }
  | { type: 'eden.activation_ended'; data: { player: Side; fighterId: string } }
  | { type: 'eden.activation_passed'; data: { player: Side } }
  | { type: 'eden.first_player_changed'; data: { firstPlayer: Side; reason: 'hand_over' | 'pass' | 'no_activatable_fighter' } }
  | { type: 'eden.activation_phase_ended'; data: { reason: 'all_activated' | 'double_pass'; firstPlayer: Side } };

const idleActivation = () => ({ opening: true, lastWasPass: false, active: null, lastActivatedSide: null });

export const TURN_FOLDS: FoldTable<EdenMatchState, TurnEvent> = {
  'eden.turn_started': (state, d) => {
    const fighters: Record<string, FighterEntry> = {};
    for (const [id, e] of Object.entries(state.fighters)) {
      const itemUses = Object.fromEntries(Object.entries(e.itemUses).map(([k, v]) => [k, { turn: 0, game: v.game }]));
      // EDEN-PREP-9: every fighter on the table receives 3 AP before turn 1 (later turns: upkeep steps 7–9)
      const fighter = d.turn === 1 ? { ...e.fighter, ap: 3 } : e.fighter;
      setOwn(fighters, id, { ...e, fighter, turn: freshTurn(), itemUses });
    }
    return { ...state, phase: 'first_player', turn: d.turn, fighters, tactical: { acted: [] }, activation: idleActivation() };
  },
  'eden.tactic_played': (state, d) => {
    let next = mapBand(state, d.player, (b) => ({ ...b, strategyPoints: b.strategyPoints - d.cost, tacticsPlayed: [...b.tacticsPlayed, d.card] }));
    if (d.cancellationPaid > 0) {
      const opp = d.player === 'A' ? 'B' : 'A';
      next = mapBand(next, opp, (b) => ({ ...b, strategyPoints: b.strategyPoints - d.cancellationPaid }));
    }
    return { ...next, tactical: { acted: [...next.tactical.acted, d.player] } };
  },
  'eden.tactic_skipped': (state, d) => ({ ...state, tactical: { acted: [...state.tactical.acted, d.player] } }),
  'eden.activation_phase_started': (state, d) => ({ ...state, phase: 'activation', firstPlayer: d.firstPlayer, activation: idleActivation() }),
  'eden.fighter_designated': (state) => state,
  'eden.activation_interrupted': (state) => state,
  'eden.fighter_activated': (state, d) => {
    const next = mapFighter(state, d.fighterId, (e) => ({ ...e, turn: { ...e.turn, activated: true } }));
    return { ...next, activation: { ...next.activation, active: d.fighterId, opening: false, lastWasPass: false, lastActivatedSide: d.player } };
  },
  // event schema v2 (event-versions.ts; v1 data is upcast first): what changed on the fighter
  'eden.fighter_moved': (state, data) => {
    const d = current('eden.fighter_moved', data);
    const next = applyChanges(state, d.changes);
    return mapFighter(next, d.fighterId, (e) => ({ ...e, turn: { ...e.turn, moves: e.turn.moves + 1 } }));
  },
  'eden.fire_doused': (state, d) => applyChanges(state, current('eden.fire_doused', d).changes),
  'eden.activation_ended': (state) => ({ ...state, activation: { ...state.activation, active: null } }),
  'eden.activation_passed': (state) => ({ ...state, activation: { ...state.activation, lastWasPass: true } }),
  'eden.first_player_changed': (state, d) => ({ ...state, firstPlayer: d.firstPlayer }),
  // EDEN-NPC-3: in upkeep step 2 the First player activates the first NPC
  'eden.activation_phase_ended': (state, d) => ({
    ...state,
    phase: 'upkeep',
    firstPlayer: d.firstPlayer,
    activation: { ...state.activation, active: null },
    upkeep: { npcsActivated: [], npcNext: d.firstPlayer },
  }),
};
