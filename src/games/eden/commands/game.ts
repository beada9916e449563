/**
 * The EDEN match as the kernel plays it (src/kernel/match-game.ts): its decider (src/games/eden/match),
 * a schema per command type (schemas.ts, the one declaration of each command's input) with its
 * example, its table rules, outcome and flow.
 */
import * as eden from '../match/index.js';
import { edenTable } from '../match/table.js';
import type { GameEvent } from '../../../kernel/decider.js';
import type { CommandDoc } from '../../../kernel/commands.js';
import type { MatchRules } from '../../../kernel/match-game.js';
import { InvalidInput } from '../../../kernel/errors.js';
import { EDEN_COMMAND_SCHEMAS } from './schemas.js';
import { EDEN_COMMAND_EXAMPLES } from './examples.js';

const EVENT_TYPES: ReadonlySet<string> = new Set(eden.EDEN_EVENT_TYPES);

export function edenGame(): MatchRules<eden.EdenMatchState, eden.EdenCommand, eden.EdenEvent> {
  return {
    game: 'eden',
    initialState: (setup) => eden.initialState(setup),
    decide: (command, state, dice) => eden.decide(command, state, dice),
    evolve: (state, event) => eden.evolve(state, event),
    isEvent: (event: GameEvent): event is eden.EdenEvent => EVENT_TYPES.has(event.type),
    // events of other types are counted (`otherEvents`) and otherwise ignored
    other: (state, event) => eden.evolve(state, event),
    table: edenTable,
    outcome: eden.edenOutcome,
    progress: (state) => ({ phase: state.phase, turn: state.turn }),
    commands: Object.fromEntries(eden.EDEN_COMMAND_TYPES.map((type): [string, CommandDoc] => [type, { ...EDEN_COMMAND_SCHEMAS[type], example: EDEN_COMMAND_EXAMPLES[type] }])),
    validateOptions: (setup) => {
      // EDEN-PREP-1: two players, A and B
      if (setup.players.length !== 2) throw new InvalidInput([{ path: '/players', code: 'wrong_player_count', message: 'EDEN is played by exactly two players (A, B).' }]);
    },
  };
}
