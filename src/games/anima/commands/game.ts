/**
 * The Ánima match as the kernel plays it (src/kernel/match-game.ts): the full match's decider
 * (src/games/anima/match) beside the resolution log of the stateless operations, over one state;
 * its table rules, outcome and flow.
 */
import * as anima from '../match/index.js';
import type { AnimaEvent } from '../match/events.js';
import { animaTable, type AnimaTableState } from '../match/table.js';
import type { GameCommand, GameEvent } from '../../../kernel/decider.js';
import type { MatchRules } from '../../../kernel/match-game.js';
import { commandDocs, type CommandDef } from '../../../kernel/commands.js';
import { resolutionLog, withResolutionLog, type ResolutionLogState, type ResolvedEvent } from '../../../kernel/resolution-log.js';
import { animaOperations } from '../operations/index.js';
import { ANIMA_COMMAND_SCHEMAS, checkAnimaOptions } from './index.js';
import type { AnimaCommand } from './schemas.js';

type State = AnimaTableState & ResolutionLogState<anima.AnimaMatch>;

const COMMANDS: Record<string, CommandDef<State, AnimaEvent>> = Object.fromEntries(
  Object.entries(ANIMA_COMMAND_SCHEMAS).map(([type, doc]) => [
    type,
    { ...doc, decide: (command: GameCommand, state: State, dice) => anima.decideTable(command as AnimaCommand, state, dice) },
  ]),
);

export function animaGame(): MatchRules<State, GameCommand, AnimaEvent | ResolvedEvent> {
  const log = resolutionLog(anima.animaProjection, animaOperations);
  const decider = withResolutionLog<anima.AnimaMatch, State, AnimaEvent>(
    {
      label: 'Ánima',
      initialState: (setup, base) => ({ ...base, ...anima.initialTable(setup.players, setup.options) }),
      commands: COMMANDS,
      evolve: (state, event) => ({ ...state, ...anima.evolveTable(state, event) }),
      isEvent: (event: GameEvent): event is AnimaEvent => anima.ANIMA_EVENT_TYPES.has(event.type),
    },
    log,
  );
  return {
    game: 'anima',
    ...decider,
    table: animaTable,
    outcome: anima.animaOutcome,
    localize: (state, lang) => log.localize(state, lang),
    progress: (state) => ({ phase: state.phase, turn: state.turn }),
    commands: { ...log.commands, ...commandDocs(ANIMA_COMMAND_SCHEMAS) },
    validateOptions: checkAnimaOptions,
  };
}
