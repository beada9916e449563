/**
 * The Spirit of Eden set-up (SOE-SETUP-1..5 / SOE-MODE-4): the `soe.set_up` command — the dealt
 * layout — declared beside its decide, and the `soe.game_set_up` event it records beside its fold.
 */
import { Type } from '@sinclair/typebox';
import type { FoldTable } from '../../../kernel/folds.js';
import type { Board, Mode } from '../rules/board.js';
import { setupProblems } from '../rules/setup.js';
import { AlliesSchema, CardsSchema, GoomzSchema, ObjectivesSchema, RingSchema } from '../operations/schemas.js';
import { expectPhase, fail, spiritCommand } from './command.js';
import { commandSchema } from '../../../kernel/commands.js';
import type { SpiritMatchState } from './state.js';

const OPTIONS_DOC =
  'Match options: `modes` (SOE-MODE-1..6, combinable; default Classic), `actionCards` (needed by `soe.place`: the 4 Action cards, each the 6 faces 1..6 as ' +
  '`move1`…`move3`, `attract`, `push1`, `push2`, `protect`, `recover`, `ambush`, `shortcut`, `swapGoomz`, `swapAllies`; the rulebook does not print them, SOE-AMB-12), ' +
  '`dSendsAll` (SOE-AMB-9 alternative) and `protectionEndsWithPhase` (SOE-AMB-6 option).';

const RING = ['w1', 'f1', 's1', 'm1', 'w2', 'f2', 's2', 'm2'];
const TERRAIN_OF = { w: 'waterfall', f: 'forest', s: 'swamp', m: 'mountain' } as const;

/** A legal dealt layout (SOE-SETUP-1..5; objectives of SOE-EX-1 first): the example of `soe.set_up`. */
export const SET_UP_EXAMPLE = {
  ring: RING,
  cards: Object.fromEntries(RING.map((id) => [id, { terrain: TERRAIN_OF[id[0] as keyof typeof TERRAIN_OF], state: 'healthy' }])),
  goomz: [
    { color: 'yellow', at: 'w1' },
    { color: 'red', at: 'm2' },
    { color: 'black', at: 's2' },
  ],
  allies: [
    { kind: 'water', at: 's1' },
    { kind: 'fauna', at: 'm1' },
    { kind: 'flora', at: 'w2' },
  ],
  objectives: [
    {
      color: 'yellow',
      pile: [
        { ally: 'fauna', terrain: 'swamp' },
        { ally: 'water', terrain: 'waterfall', dieBonus: true },
        { ally: 'flora', terrain: 'mountain' },
      ],
    },
    {
      color: 'red',
      pile: [
        { ally: 'water', terrain: 'mountain' },
        { ally: 'flora', terrain: 'swamp' },
        { ally: 'fauna', terrain: 'waterfall' },
      ],
    },
    {
      color: 'black',
      pile: [
        { ally: 'flora', terrain: 'waterfall' },
        { ally: 'fauna', terrain: 'mountain' },
        { ally: 'water', terrain: 'swamp' },
      ],
    },
  ],
};

/** The set-up's event: the dealt layout and the game modes. */
export type SetUpEvent = { type: 'soe.game_set_up'; data: { board: Board; modes: Mode[] } };

export const SETUP_FOLDS: FoldTable<SpiritMatchState, SetUpEvent> = {
  // SOE-SETUP-*: turn 1 starts
  'soe.game_set_up': (state, d) => ({ ...state, board: d.board, phase: 'turn_start', turn: 1 }),
};

export const SETUP_COMMANDS = {
  'soe.set_up': spiritCommand({
    schema: commandSchema('soe.set_up', { board: Type.Object({ ring: RingSchema, cards: CardsSchema, goomz: GoomzSchema, allies: AlliesSchema, objectives: ObjectivesSchema }) }),
    description: `SOE-SETUP-1..5 / SOE-MODE-4: the dealt layout (Terrain cards, Goomz on the left column, Allies on the right, 3 Objective piles of 3 with each card's Ally and Terrain); turn 1 starts. ${OPTIONS_DOC}`,
    example: { board: SET_UP_EXAMPLE },
    /** SOE-SETUP-1..5 / SOE-MODE-4: the dealt layout, with the 3 Objective piles (their card faces are not printed). */
    decide(cmd, state) {
      expectPhase(state, 'setup', 'Setting up');
      const modes = state.options.modes;
      if (!cmd.board.objectives)
        fail('objectives_missing', 'Send `board.objectives`: the 3 piles of 3 Objective cards (Ally and Terrain of each), dealt under the Goomz cards (SOE-SETUP-5).');
      const problems = setupProblems(cmd.board, modes);
      if (problems.length > 0) fail('illegal_setup', `The layout breaks the setup rules: ${problems.map((p) => p.message).join(' ')}`, { problems });
      const board: Board = { ring: cmd.board.ring, cards: cmd.board.cards, goomz: cmd.board.goomz, allies: cmd.board.allies, objectives: cmd.board.objectives };
      return [{ type: 'soe.game_set_up', data: { board, modes } }];
    },
  }),
};
