/**
 * The Ánima match as the kernel plays it (src/kernel/match-game.ts): the full match's command table
 * (the spread of the families' tables: turn.ts, horizons.ts, play.ts, resist.ts, gifts.ts, phase.ts) and its
 * folds (evolve.ts) beside the resolution log of the stateless operations, over one state; its
 * table rules, outcome and flow. A command goes route → service → loadGame → its entry here → its handler.
 */
import type { GameCommand } from '../../../kernel/decider.js';
import type { MatchRules } from '../../../kernel/match-game.js';
import { commandDocs, type CommandTable } from '../../../kernel/commands.js';
import { resolutionEvents, resolutionLog, withResolutionLog, type ResolutionLogState, type ResolvedEvent } from '../../../kernel/resolution-log.js';
import { animaChoices, animaDecisions } from './decisions.js';
import { REMOVAL_COMMANDS } from './horizons.js';
import { animaOperations } from '../operations/index.js';
import type { AnimaEvent } from './events.js';
import { animaFolds } from './evolve.js';
import { GIFT_COMMANDS } from './gifts.js';
import { animaProjection, type AnimaMatch } from './projection.js';
import { checkAnimaOptions } from './options.js';
import { PHASE_COMMANDS } from './phase.js';
import { PLAY_COMMANDS } from './play.js';
import { RESIST_COMMANDS } from './resist.js';
import { animaOutcome, initialTable } from './state.js';
import { animaTable, type AnimaTableState } from './table.js';
import { TURN_COMMANDS } from './turn.js';

type State = AnimaTableState & ResolutionLogState<AnimaMatch>;

/** The full-match commands, in the order of play. */
export const ANIMA_COMMANDS: CommandTable<State, AnimaEvent> = { ...TURN_COMMANDS, ...REMOVAL_COMMANDS, ...PLAY_COMMANDS, ...RESIST_COMMANDS, ...GIFT_COMMANDS, ...PHASE_COMMANDS };

/** The events its resolution log records: one `<operation id>.resolved` per operation of the game. */
export const ANIMA_RESOLVED_EVENTS = resolutionEvents(animaOperations);

export function animaGame(): MatchRules<State, GameCommand, AnimaEvent | ResolvedEvent> {
  const log = resolutionLog(animaProjection, animaOperations);
  const decider = withResolutionLog<AnimaMatch, State, AnimaEvent>(
    {
      label: 'Ánima',
      initialState: (setup, base) => ({ ...base, ...initialTable(setup.players, setup.options) }),
      commands: ANIMA_COMMANDS,
      evolve: (state, event) => ({ ...state, ...animaFolds.evolve(state, event) }),
      isEvent: animaFolds.isEvent,
    },
    log,
  );
  return {
    game: 'anima',
    ...decider,
    table: animaTable,
    outcome: animaOutcome,
    localize: (state, lang) => log.localize(state, lang),
    progress: (state) => ({ phase: state.phase, turn: state.turn }),
    commands: { ...log.commands, ...commandDocs(ANIMA_COMMANDS) },
    validateOptions: checkAnimaOptions,
    // ANIMA-COMBAT-4 / ANIMA-REWARD-1 / ANIMA-MOVE-7/8: the choice the table waits for (state.pending, kind `choice`)
    decisions: animaDecisions(animaChoices),
  };
}
