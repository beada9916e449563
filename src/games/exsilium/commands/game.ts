/**
 * The Exsilium match as the kernel plays it (src/games/kernel.ts): the resolution log of the
 * stateless operations, plus — when the match was created with a scenario in `options` — the full
 * table (src/games/exsilium/match) and its `summary`, over one state; its table rules, outcome and flow.
 */
import * as exs from '../match/index.js';
import { exsiliumTable, type ExsiliumTableState } from '../match/table-rules.js';
import type { GameCommand, GameEvent } from '../../../kernel/decider.js';
import { RuleViolation } from '../../../kernel/errors.js';
import { own, type GameDefinition } from '../../../kernel/match-game.js';
import { resolutionLog, withResolutionLog, type ResolutionLogState, type ResolvedEvent } from '../../../kernel/resolution-log.js';
import { exsiliumOperations } from '../operations/index.js';
import { TABLE_COMMANDS, tableOf } from './index.js';

type State = ExsiliumTableState & ResolutionLogState<exs.ExsiliumMatch> & { table?: exs.Table; summary?: exs.TableSummary };

export function exsiliumGame(): GameDefinition<State, GameCommand, exs.TableEvent | ResolvedEvent> {
  const log = resolutionLog(exs.exsiliumProjection, exsiliumOperations);
  const tableCommands = Object.fromEntries(TABLE_COMMANDS);
  const tableDocs = Object.fromEntries(TABLE_COMMANDS.map(([type, { decide: _decide, ...doc }]) => [type, doc]));
  const decider = withResolutionLog<exs.ExsiliumMatch, State, GameCommand, exs.TableEvent>(
    {
      initialState: (setup, base) => {
        const table = tableOf(setup);
        return table ? { ...base, table, summary: exs.summarize(table) } : { ...base };
      },
      decide: (command, state, dice) => {
        const entry = own(tableCommands, command.type);
        if (!entry) throw new RuleViolation('unknown_command', `Exsilium matches know no command "${command.type}".`);
        return entry.decide(command, state, dice);
      },
      evolve: (state, event) => {
        if (!state.table) return state;
        const table = exs.evolveTable(state.table, event);
        return { ...state, table, summary: exs.summarize(table) };
      },
      // a table event folds only onto a set-up table (a log without one counts it as another event)
      isEvent: (event: GameEvent, state): event is exs.TableEvent => exs.TABLE_EVENT_TYPES.has(event.type) && state.table !== undefined,
      isCommand: (command): command is GameCommand => own(tableCommands, command.type) !== undefined,
    },
    log,
  );
  return {
    rules: {
      game: 'exsilium',
      ...decider,
      table: exsiliumTable,
      outcome: (state) => exs.exsiliumOutcome(state.table),
      localize: (state, lang) => log.localize(state, lang),
      progress: (state) => ({ phase: state.table?.phase ?? 'resolutions', turn: state.table?.round ?? 0 }),
    },
    commands: { ...log.commands, ...tableDocs },
  };
}
