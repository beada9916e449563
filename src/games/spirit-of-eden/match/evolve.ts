/** Folding The Spirit of Eden match events into the match state (pure; never throws on an event the decider wrote). */
import type { Ally, Board, Terrain } from '../rules/board.js';
import type { GoomzStep } from '../rules/goomz-phase.js';
import type { DieState, RawStep } from '../rules/player-phase.js';
import type { SpiritState } from './decide.js';

export const SPIRIT_EVENT_TYPES = ['soe.game_set_up', 'soe.dice_rolled', 'soe.player_step_taken', 'soe.goomz_phase_resolved', 'soe.game_ended'] as const;
export const isSpiritEvent = (type: string): boolean => (SPIRIT_EVENT_TYPES as readonly string[]).includes(type);

type Data = Record<string, any>;

export function evolveSpirit<S extends SpiritState>(state: S, event: { type: string; data: unknown }): S {
  const d = (event.data ?? {}) as Data;
  switch (event.type) {
    case 'soe.game_set_up':
      // SOE-SETUP-*: turn 1 starts
      return { ...state, board: d.board as Board, phase: 'turn_start', turn: 1 };
    case 'soe.dice_rolled': {
      // SOE-TURN-2: returned Allies, the face-down card, the first roll (SOE-DICE-1)
      const board: Board = { ...state.board!, allies: d.allies as Ally[] };
      const roll = d.roll as number[];
      const dice = roll.map((value, index) => ({ index, value, state: 'unused' as DieState }));
      return { ...state, board, turnStartBoard: board, phase: 'player', roll, steps: [], dice, disabledCard: (d.disabledCard as number | null) ?? null };
    }
    case 'soe.player_step_taken':
      return {
        ...state,
        board: d.board as Board,
        steps: [...state.steps, d.step as RawStep],
        dice: d.dice as SpiritState['dice'],
        bonusesUsed: d.bonusesUsed as number,
        noaPowerUsed: d.noaPowerUsed as boolean,
      };
    case 'soe.goomz_phase_resolved': {
      // SOE-TURN-1: the next turn starts with its bookkeeping and roll
      const last = { turn: d.turn as number, steps: d.steps as GoomzStep[], skipped: d.skipped as string[] };
      const cleared = { turnStartBoard: null, roll: null, steps: [], dice: [], disabledCard: null };
      return { ...state, board: d.board as Board, lastGoomzPhase: last, ...cleared, phase: 'turn_start', turn: state.turn + 1 };
    }
    case 'soe.game_ended':
      return {
        ...state,
        phase: 'ended',
        turn: d.turn as number,
        result: { won: d.won as boolean, lost: d.lost as boolean, turn: d.turn as number, destroyedPairs: d.destroyedPairs as Terrain[] },
      };
    default:
      return state;
  }
}
