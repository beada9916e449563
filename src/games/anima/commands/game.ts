/**
 * The Ánima match as the kernel plays it (src/games/kernel.ts): the full match's decider
 * (src/games/anima/match) beside the resolution log of the stateless operations, over one state;
 * its table rules, outcome and flow.
 */
import * as anima from '../match/index.js';
import type { AnimaEvent } from '../match/events.js';
import type { AnimaCommand } from './schemas.js';
import { animaTable, type AnimaTableState } from '../match/table.js';
import type { GameCommand, GameEvent } from '../../../kernel/decider.js';
import { own, type GameDefinition } from '../../../kernel/match-game.js';
import { resolutionLog, withResolutionLog, type ResolutionLogState, type ResolvedEvent } from '../../../kernel/resolution-log.js';
import { animaOperations } from '../operations/index.js';
import { ANIMA_COMMAND_SCHEMAS, checkAnimaOptions } from './index.js';

type State = AnimaTableState & ResolutionLogState<anima.AnimaMatch>;

export function animaGame(): GameDefinition<State, GameCommand, AnimaEvent | ResolvedEvent> {
  const log = resolutionLog(anima.animaProjection, animaOperations);
  const decider = withResolutionLog<anima.AnimaMatch, State, AnimaCommand, AnimaEvent>(
    {
      initialState: (setup, base) => ({ ...base, ...anima.initialTable(setup.players, setup.options) }),
      decide: (command, state, dice) => anima.decideTable(command, state, dice),
      evolve: (state, event) => ({ ...state, ...anima.evolveTable(state, event) }),
      isEvent: (event: GameEvent): event is AnimaEvent => anima.ANIMA_EVENT_TYPES.has(event.type),
      isCommand: (command): command is AnimaCommand => own(ANIMA_COMMAND_SCHEMAS, command.type) !== undefined,
    },
    log,
  );
  return {
    rules: {
      game: 'anima',
      ...decider,
      table: animaTable,
      outcome: anima.animaOutcome,
      localize: (state, lang) => log.localize(state, lang),
      progress: (state) => ({ phase: state.phase, turn: state.turn }),
    },
    commands: { ...log.commands, ...ANIMA_COMMAND_SCHEMAS },
    validateOptions: checkAnimaOptions,
  };
}
