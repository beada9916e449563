/**
 * The Exsilium match as the kernel plays it (src/kernel/match-game.ts): the resolution log of the
 * stateless operations (resolution-log.ts, kept as it was), plus — when the match is created with a
 * scenario in `options` (options.ts) — the full table: the start-player bid, rounds and turns,
 * activation (also on a controlled terminal), movement with mines, reveals and pick-ups, terminal
 * control, combats through the cores, upgrade purchases, card Actions and secondary actions, mine
 * removal, dodge cards, faction abilities, the enemy activation (with the EXS-AMB-3b strict variant
 * as an option) and victory — and its `summary`, over one state; its table rules, outcome and flow.
 * The full-match commands are declared by family, each with its handler: turn.ts, combat.ts,
 * upgrades.ts, cards.ts, dodge.ts, abilities.ts, rounds.ts.
 */
import type { Dice } from '../../../kernel/dice/index.js';
import { commandDocs, type CommandTable } from '../../../kernel/commands.js';
import type { GameCommand, GameEvent, MatchSetup } from '../../../kernel/decider.js';
import { RuleViolation, underPath } from '../../../kernel/errors.js';
import type { MatchRules } from '../../../kernel/match-game.js';
import { resolutionLog, withResolutionLog, type ResolutionLogState, type ResolvedEvent } from '../../../kernel/resolution-log.js';
import { validate } from '../../../kernel/validate.js';
import { exsiliumOperations } from '../operations/index.js';
import { ABILITY_COMMANDS } from './abilities.js';
import { CARD_COMMANDS } from './cards.js';
import { COMBAT_COMMANDS } from './combat.js';
import { CONCLUSION_COMMANDS, requireNoConclusion } from './conclusion.js';
import { DODGE_COMMANDS } from './dodge.js';
import { evolveTable, isExsiliumEvent, type ExsiliumEvent } from './evolve.js';
import { exsiliumProjection, type ExsiliumMatch } from './index.js';
import { ExsiliumOptionsSchema } from './options.js';
import { exsiliumOutcome } from './outcome.js';
import { closingTurn, ROUND_COMMANDS } from './rounds.js';
import { summarize, type TableSummary } from './summary.js';
import { setupTable, type ExsiliumOptions, type Table } from './table.js';
import { exsiliumTable, type ExsiliumTableState } from './table-rules.js';
import { EXSILIUM_DECISIONS } from './decisions.js';
import { TURN_COMMANDS } from './turn.js';
import { UPGRADE_COMMANDS } from './upgrades.js';

type State = ExsiliumTableState & ResolutionLogState<ExsiliumMatch> & { table?: Table; summary?: TableSummary };

const FULL = ['factions', 'board', 'decks', 'enemyDecks'] as const;
const isFull = (options: Record<string, unknown>) => FULL.some((k) => options[k] !== undefined);

/** The table of a full match; 400 with `/options/...` paths when the scenario is not playable. */
function tableOf(setup: MatchSetup): Table | undefined {
  if (!isFull(setup.options)) return undefined;
  const o = underPath('/options', () => validate<ExsiliumOptions>(ExsiliumOptionsSchema, structuredClone(setup.options)));
  return setupTable(setup.players, o);
}

/**
 * The full-match commands on the match state: each refused while the match has no table (created
 * without a scenario: `not_set_up`), else decided on the table and — EXS-ACTION-5 (closingTurn) —
 * followed by the automatic end of an emptied turn: the command that spends the last card, or the
 * one that resolves the last pending combat (exsilium.fight, a defender's exsilium.dodge), emits
 * the end of the turn and what follows it. While a fight's Conclusion choices wait
 * (exsilium.conclude), every other table command is refused (decision_pending).
 */
function onTheTable(commands: CommandTable<Table, ExsiliumEvent>): CommandTable<State, ExsiliumEvent> {
  return Object.fromEntries(
    Object.entries(commands).map(([type, command]) => {
      const decide = closingTurn((t: Table, c: GameCommand, dice: Dice) => command.decide(c, t, dice));
      const entry: CommandTable<State, ExsiliumEvent>[string] = {
        ...command,
        decide: (c, state, dice) => {
          if (!state.table)
            throw new RuleViolation('not_set_up', `${type} needs a set-up match: create a new match with options.factions, board, decks and enemyDecks (the scenario) first.`, {
              missing: FULL,
            });
          // CONTRACT §9.1: a Conclusion choice left to a combatant comes first
          requireNoConclusion(state.table, type);
          return decide(state.table, c, dice);
        },
      };
      return [type, entry];
    }),
  );
}

/** The full-match commands: the families' tables, in the order of play (the documentation's order). */
const EXSILIUM_COMMANDS = onTheTable({
  ...TURN_COMMANDS,
  ...COMBAT_COMMANDS,
  ...CONCLUSION_COMMANDS,
  ...UPGRADE_COMMANDS,
  ...CARD_COMMANDS,
  ...DODGE_COMMANDS,
  ...ABILITY_COMMANDS,
  ...ROUND_COMMANDS,
});

export function exsiliumGame(): MatchRules<State, GameCommand, ExsiliumEvent | ResolvedEvent> {
  const log = resolutionLog(exsiliumProjection, exsiliumOperations);
  const decider = withResolutionLog<ExsiliumMatch, State, ExsiliumEvent>(
    {
      label: 'Exsilium',
      initialState: (setup, base) => {
        const table = tableOf(setup);
        return table ? { ...base, table, summary: summarize(table) } : { ...base };
      },
      commands: EXSILIUM_COMMANDS,
      evolve: (state, event) => {
        if (!state.table) return state;
        const table = evolveTable(state.table, event);
        return { ...state, table, summary: summarize(table) };
      },
      // a table event folds only onto a set-up table (a log without one counts it as another event)
      isEvent: (event: GameEvent, state): event is ExsiliumEvent => isExsiliumEvent(event) && state.table !== undefined,
    },
    log,
  );
  return {
    game: 'exsilium',
    ...decider,
    table: exsiliumTable,
    outcome: (state) => exsiliumOutcome(state.table),
    localize: (state, lang) => log.localize(state, lang),
    progress: (state) => ({ phase: state.table?.phase ?? 'resolutions', turn: state.table?.round ?? 0 }),
    commands: { ...log.commands, ...commandDocs(EXSILIUM_COMMANDS) },
    decisions: EXSILIUM_DECISIONS,
  };
}
