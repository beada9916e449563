/**
 * The Exsilium match: the resolution log of the stateless operations (resolution-log.ts, kept as
 * it was) plus, when the match is created with a scenario in `options` (exsilium-options.ts), the
 * full table — the start-player bid, rounds and turns, activation (also on a controlled terminal),
 * movement with mines, reveals and pick-ups, terminal control, combats through the cores, upgrade
 * purchases, card Actions and secondary actions, mine removal, dodge cards, faction abilities, the enemy
 * activation (with the EXS-AMB-3b strict variant as an option) and victory
 * (src/games/exsilium/match) — and its `summary`. The command schemas below reuse the operation
 * bodies' members where the operations define them.
 */
import type { Dice } from '../../../kernel/dice/index.js';
import { RuleViolation, underPath } from '../../../kernel/errors.js';
import * as exs from '../match/index.js';
import { ExsiliumOptionsSchema } from './options.js';
import { validate } from '../../../kernel/validate.js';
import type { MatchSetup } from '../../../kernel/decider.js';
import type { CommandDef } from '../../../kernel/commands.js';
import { resolutionEvents, type ResolutionLogState } from '../../../kernel/resolution-log.js';
import { exsiliumOperations } from '../operations/index.js';
import { EXSILIUM_COMMAND_SCHEMAS, isExsiliumCommand, type ExsiliumCommandOf, type ExsiliumCommandType } from './schemas.js';

type State = ResolutionLogState<exs.ExsiliumMatch> & { table?: exs.Table; summary?: exs.TableSummary };

const FULL = ['factions', 'board', 'decks', 'enemyDecks'] as const;
const isFull = (options: Record<string, unknown>) => FULL.some((k) => options[k] !== undefined);

/** The table of a full match; 400 with `/options/...` paths when the scenario is not playable. */
export function tableOf(setup: MatchSetup): exs.Table | undefined {
  if (!isFull(setup.options)) return undefined;
  const o = underPath('/options', () => validate<exs.ExsiliumOptions>(ExsiliumOptionsSchema, structuredClone(setup.options)));
  return exs.setupTable(setup.players, o);
}

/** A full-match command: its schema, description and example (schemas.ts), and its decide on the table. */
const table = <T extends ExsiliumCommandType>(
  type: T,
  decide: (t: exs.Table, c: ExsiliumCommandOf<T>, d: Dice) => exs.TableEvent[],
): Record<string, CommandDef<State, exs.TableEvent>> => ({
  [type]: {
    ...EXSILIUM_COMMAND_SCHEMAS[type],
    decide: (command, state, d) => {
      if (!state.table)
        throw new RuleViolation('not_set_up', `${type} needs a set-up match: create a new match with options.factions, board, decks and enemyDecks (the scenario) first.`, {
          missing: FULL,
        });
      if (!isExsiliumCommand(type, command)) throw new RuleViolation('unknown_command', `The ${type} entry was given a ${command.type} command.`);
      return decide(state.table, command, d);
    },
  },
});

export const TABLE_COMMANDS: Record<string, CommandDef<State, exs.TableEvent>> = {
  ...table('exsilium.bid', exs.bid),
  ...table('exsilium.activate', exs.activate),
  ...table('exsilium.move', exs.move),
  ...table('exsilium.fight', exs.fight),
  ...table('exsilium.buy', exs.buy),
  ...table('exsilium.play', exs.play),
  ...table('exsilium.drop', exs.drop),
  ...table('exsilium.eliminate', exs.eliminate),
  ...table('exsilium.remove_mine', exs.removeMine),
  ...table('exsilium.dodge', exs.dodge),
  ...table('exsilium.ability', exs.fillAbilitySlot),
  ...table('exsilium.end_turn', exs.endTurn),
};

/** The events its resolution log records: one `<operation id>.resolved` per operation of the game. */
export const EXSILIUM_RESOLVED_EVENTS = resolutionEvents(exsiliumOperations);
