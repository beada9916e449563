/**
 * The EDEN match as the kernel plays it (src/games/kernel.ts): its decider (src/games/eden/match),
 * a schema per command type (schemas.ts, the one declaration of each command's input) with its
 * example, its table rules, outcome and flow.
 */
import * as eden from '../match/index.js';
import { edenTable } from '../match/table.js';
import type { GameEvent } from '../../../kernel/decider.js';
import type { CommandDoc, GameDefinition } from '../../../kernel/match-game.js';
import { EDEN_COMMAND_SCHEMAS } from './schemas.js';
import { EDEN_COMMAND_EXAMPLES } from './examples.js';

const EVENT_TYPES: ReadonlySet<string> = new Set(eden.EDEN_EVENT_TYPES);

export function edenGame(): GameDefinition<eden.EdenMatchState, eden.EdenCommand, eden.EdenEvent> {
  return {
    rules: {
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
    },
    commands: Object.fromEntries(eden.EDEN_COMMAND_TYPES.map((type): [string, CommandDoc] => [type, { ...EDEN_COMMAND_SCHEMAS[type], example: EDEN_COMMAND_EXAMPLES[type] }])),
  };
}
