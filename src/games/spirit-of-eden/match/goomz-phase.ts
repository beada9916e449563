/**
 * The Spirit of Eden Goomz phase and the end of the game (SOE-TURN-1, SOE-GOOMZ, SOE-END-1..3): the
 * `soe.goomz` command declared beside its decide, and the `soe.goomz_phase_resolved` and
 * `soe.game_ended` events it records beside their folds.
 */
import { Type } from '@sinclair/typebox';
import type { FoldTable } from '../../../kernel/folds.js';
import { type Board, type Color, type Terrain, inPlay } from '../rules/board.js';
import { destroyedPairs } from '../rules/end.js';
import { type GoomzPhase, type GoomzStep, goomzPhase } from '../rules/goomz-phase.js';
import { AllyKindSchema, ColorSchema } from '../operations/schemas.js';
import { expectPhase, spiritCommand } from './command.js';
import { commandSchema } from '../../../kernel/commands.js';
import type { SpiritMatchState } from './state.js';

/** The Goomz phase's events: every Goomz's step and the board after them; then, on victory or defeat, the end. */
export type GoomzPhaseEvent =
  | {
      type: 'soe.goomz_phase_resolved';
      data: { turn: number; order: Color[]; steps: GoomzStep[]; skipped: Color[]; won: boolean; lost: boolean; board: Omit<GoomzPhase, 'steps' | 'won' | 'lost' | 'skipped'> };
    }
  | { type: 'soe.game_ended'; data: { turn: number; won: boolean; lost: boolean; destroyedPairs: Terrain[] } };

export const GOOMZ_PHASE_FOLDS: FoldTable<SpiritMatchState, GoomzPhaseEvent> = {
  'soe.goomz_phase_resolved': (state, d) => {
    // SOE-TURN-1: the next turn starts with its bookkeeping and roll
    const last = { turn: d.turn, steps: d.steps, skipped: d.skipped };
    const cleared = { turnStartBoard: null, roll: null, steps: [], dice: [], disabledCard: null };
    return { ...state, board: d.board, lastGoomzPhase: last, ...cleared, phase: 'turn_start', turn: state.turn + 1 };
  },
  'soe.game_ended': (state, d) => ({
    ...state,
    phase: 'ended',
    turn: d.turn,
    result: { won: d.won, lost: d.lost, turn: d.turn, destroyedPairs: d.destroyedPairs },
  }),
};

/** SOE-GOOMZ-ORDER-1: the Goomz in play in ring order (clockwise from the top-left slot), the default order. */
function ringOrder(board: Board): Color[] {
  return board.goomz
    .filter(inPlay)
    .sort((a, b) => board.ring.indexOf(a.at) - board.ring.indexOf(b.at))
    .map((g) => g.color);
}

export const GOOMZ_PHASE_COMMANDS = {
  'soe.goomz': spiritCommand({
    schema: commandSchema('soe.goomz', {
      order: Type.Optional(Type.Array(ColorSchema, { maxItems: 3 })),
      picks: Type.Optional(Type.Object({ yellow: Type.Optional(AllyKindSchema), red: Type.Optional(AllyKindSchema), black: Type.Optional(AllyKindSchema) })),
    }),
    description:
      'SOE-TURN-1 / SOE-GOOMZ-ORDER-1: ends the player phase; each Goomz in play acts once (rules F, C, E, D, A, B) in `order` (default: ring order, clockwise from the top-left slot); `picks` chooses the Ally for D/E (SOE-AMB-9). The game ends at once on victory or defeat (SOE-END-1..3); otherwise the next turn starts.',
    example: { order: ['red', 'yellow', 'black'] },
    /** SOE-TURN-1 / SOE-GOOMZ: the player phase ends; each Goomz in play applies F, C, E, D, A or B once; SOE-END-3 after each. */
    decide(cmd, state) {
      expectPhase(state, 'player', 'The Goomz phase');
      const board = state.board!;
      const order = cmd.order ?? ringOrder(board);
      const { modes, dSendsAll, protectionEndsWithPhase } = state.options;
      const r = goomzPhase(board, order, { modes, picks: cmd.picks ?? {}, dSendsAll, protectionEndsWithPhase, turn: state.turn });
      const { steps, won, lost, skipped, ...after } = r;
      const events: GoomzPhaseEvent[] = [{ type: 'soe.goomz_phase_resolved', data: { turn: state.turn, order, steps, skipped, won, lost, board: after } }];
      // SOE-END-1/2/3: the game ends at once on victory or defeat
      if (won || lost) events.push({ type: 'soe.game_ended', data: { turn: state.turn, won, lost, destroyedPairs: destroyedPairs(after) } });
      return events;
    },
  }),
};
