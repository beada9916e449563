/**
 * The Exsilium match as the kernel plays it (src/kernel/match-game.ts): the resolution log of the
 * stateless operations, plus — when the match was created with a scenario in `options` — the full
 * table (src/games/exsilium/match) and its `summary`, over one state; its table rules, outcome and flow.
 */
import * as exs from '../match/index.js';
import { exsiliumTable, type ExsiliumTableState } from '../match/table-rules.js';
import type { GameCommand, GameEvent } from '../../../kernel/decider.js';
import type { MatchRules } from '../../../kernel/match-game.js';
import { commandDocs } from '../../../kernel/commands.js';
import { resolutionLog, withResolutionLog, type ResolutionLogState, type ResolvedEvent } from '../../../kernel/resolution-log.js';
import { exsiliumOperations } from '../operations/index.js';
import { TABLE_COMMANDS, tableOf } from './index.js';

type State = ExsiliumTableState & ResolutionLogState<exs.ExsiliumMatch> & { table?: exs.Table; summary?: exs.TableSummary };

export function exsiliumGame(): MatchRules<State, GameCommand, exs.TableEvent | ResolvedEvent> {
  const log = resolutionLog(exs.exsiliumProjection, exsiliumOperations);
  const decider = withResolutionLog<exs.ExsiliumMatch, State, exs.TableEvent>(
    {
      label: 'Exsilium',
      initialState: (setup, base) => {
        const table = tableOf(setup);
        return table ? { ...base, table, summary: exs.summarize(table) } : { ...base };
      },
      commands: TABLE_COMMANDS,
      evolve: (state, event) => {
        if (!state.table) return state;
        const table = exs.evolveTable(state.table, event);
        return { ...state, table, summary: exs.summarize(table) };
      },
      // a table event folds only onto a set-up table (a log without one counts it as another event)
      isEvent: (event: GameEvent, state): event is exs.TableEvent => exs.TABLE_EVENT_TYPES.has(event.type) && state.table !== undefined,
    },
    log,
  );
  return {
    game: 'exsilium',
    ...decider,
    table: exsiliumTable,
    outcome: (state) => exs.exsiliumOutcome(state.table),
    localize: (state, lang) => log.localize(state, lang),
    progress: (state) => ({ phase: state.table?.phase ?? 'resolutions', turn: state.table?.round ?? 0 }),
    commands: { ...log.commands, ...commandDocs(TABLE_COMMANDS) },
  };
}
