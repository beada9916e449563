/**
 * The EDEN match as the kernel plays it (src/kernel/match-game.ts): its decider (the command table,
 * commands.ts, and the folds, evolve.ts), the commands' published documentation (each command's
 * schema, description and example, declared beside its handler), its table rules, outcome and flow,
 * and the check of the match's players.
 */
import { commandDocs } from '../../../kernel/commands.js';
import type { MatchRules } from '../../../kernel/match-game.js';
import { InvalidInput } from '../../../kernel/errors.js';
import { EDEN_COMMANDS, decide, type EdenCommand } from './commands.js';
import { evolve, initialState, isEdenEvent } from './evolve.js';
import { edenOutcome } from './outcome.js';
import { edenTable } from './table.js';
import { EDEN_DECISIONS } from './decisions.js';
import type { EdenMatchState } from './state.js';
import type { EdenEvent } from './evolve/events.js';

export const edenMatch: MatchRules<EdenMatchState, EdenCommand, EdenEvent> = {
  game: 'eden',
  initialState,
  decide,
  evolve,
  isEvent: isEdenEvent,
  // events of other types are counted (`otherEvents`) and otherwise ignored
  other: evolve,
  table: edenTable,
  outcome: edenOutcome,
  progress: (state) => ({ phase: state.phase, turn: state.turn }),
  commands: commandDocs(EDEN_COMMANDS),
  decisions: EDEN_DECISIONS,
  validateOptions: (setup) => {
    // EDEN-PREP-1: two players, A and B
    if (setup.players.length !== 2) throw new InvalidInput([{ path: '/players', code: 'wrong_player_count', message: 'EDEN is played by exactly two players (A, B).' }]);
  },
};
