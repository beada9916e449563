/**
 * The Spirit of Eden turn start (SOE-TURN-2): the `soe.roll` command — Allies back from Noa,
 * Scarcity's face-down card, the roll — declared beside its decide, and the `soe.dice_rolled` event
 * it records beside its fold.
 */
import { Type } from '@sinclair/typebox';
import { diceFact, type DiceFact } from '../../../kernel/dice/facts.js';
import type { FoldTable } from '../../../kernel/folds.js';
import type { Ally, Board } from '../rules/board.js';
import { returnAllies, type AllyReturn } from '../rules/noa.js';
import type { DieState } from '../rules/player-phase.js';
import { expectPhase, fail, spiritCommand } from './command.js';
import { commandSchema } from '../../../kernel/commands.js';
import type { SpiritMatchState } from './state.js';

const CardId = Type.String({ minLength: 1, maxLength: 100 });

/** The turn start's event (v2, event-versions.ts): the Allies returned, the card turned face down, the roll and its dice facts. */
export type TurnStartEvent = {
  type: 'soe.dice_rolled';
  data: { turn: number; returned: AllyReturn['returned']; allies: Ally[]; disabledCard: number | null; roll: number[]; dice: DiceFact };
};

export const TURN_START_FOLDS: FoldTable<SpiritMatchState, TurnStartEvent> = {
  'soe.dice_rolled': (state, d) => {
    // SOE-TURN-2: returned Allies, the face-down card, the first roll (SOE-DICE-1)
    const board: Board = { ...state.board!, allies: d.allies };
    const roll = d.roll;
    const dice = roll.map((value, index) => ({ index, value, state: 'unused' as DieState }));
    return { ...state, board, turnStartBoard: board, phase: 'player', roll, steps: [], dice, disabledCard: d.disabledCard ?? null };
  },
};

export const TURN_START_COMMANDS = {
  'soe.roll': spiritCommand({
    schema: commandSchema('soe.roll', {
      returns: Type.Optional(Type.Object({ water: Type.Optional(CardId), fauna: Type.Optional(CardId), flora: Type.Optional(CardId) })),
      disabledCard: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    }),
    description:
      'SOE-TURN-2: Allies due back from Noa go onto a Forest (`returns`: Ally → Forest card; default the first standing Forest, SOE-NOA-RET-2), Scarcity turns `disabledCard` face down (SOE-MODE-6), then the 4 dice are rolled (SOE-DICE-1). Dice: four d6, dice 0..3 in order.',
    example: { returns: { fauna: 'f1' }, dice: { values: [1, 4, 6, 3] } },
    /** SOE-TURN-2: Allies due back from Noa return to a Forest (SOE-NOA-RET-2), Scarcity disables a card (SOE-MODE-6), then 4 dice are rolled (SOE-DICE-1). */
    decide(cmd, state, dice) {
      expectPhase(state, 'turn_start', 'Rolling');
      const scarcity = state.options.modes.includes('scarcity');
      if (scarcity && cmd.disabledCard === undefined)
        fail('disabled_card_missing', 'Scarcity mode: name the Action card turned face down this turn in `disabledCard` (SOE-MODE-6).');
      if (!scarcity && cmd.disabledCard !== undefined) fail('not_scarcity', 'Only in Scarcity mode is an Action card turned face down (SOE-MODE-6).');
      const { allies, returned } = returnAllies(state.board!, state.turn, cmd.returns ?? {});
      const values = dice.roll('SOE-DICE-1 player phase', 4, 6);
      return [{ type: 'soe.dice_rolled', data: { turn: state.turn, returned, allies, disabledCard: cmd.disabledCard ?? null, roll: values, dice: diceFact(dice.transcript()) } }];
    },
  }),
};
