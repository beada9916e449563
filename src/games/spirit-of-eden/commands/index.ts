/**
 * The Spirit of Eden match: the full solo game (setup, turn start and roll, the player phase one
 * step at a time, the Goomz phase, win/loss) over one board, by src/games/spirit-of-eden/match,
 * together with the stateless operations (`soe.setup`, `soe.action`, `soe.goomz_phase`, …) that stay
 * accepted as resolution-log commands on the same board. Creation options (400 with paths when
 * malformed): `modes`, `actionCards` (the 4 Action cards' faces 1..6, not printed in the rulebook),
 * `dSendsAll`, `protectionEndsWithPhase`.
 */
import type { Dice } from '../../../kernel/dice/index.js';
import * as soe from '../match/index.js';
import { InvalidInput, RuleViolation } from '../../../kernel/errors.js';
import { actionProblems, toAction } from '../operations/action.operation.js';
import type { CommandDef } from '../../../kernel/commands.js';
import { resolutionEvents, type ResolutionLogState } from '../../../kernel/resolution-log.js';
import { spiritOfEdenOperations } from '../operations/index.js';
import { SET_UP_EXAMPLE, SPIRIT_COMMAND_SCHEMAS, isSpiritCommand, type SpiritCommandOf, type SpiritCommandType } from './schemas.js';

export { SET_UP_EXAMPLE };

type State = ResolutionLogState<soe.SpiritMatch> & soe.SpiritGame;

/** A full-match command: its schema, description and example (schemas.ts), and its decide. */
const entry = <T extends SpiritCommandType>(type: T, decide: (cmd: SpiritCommandOf<T>, state: State, d: Dice) => soe.SpiritEvent[]) => ({
  [type]: {
    ...SPIRIT_COMMAND_SCHEMAS[type],
    decide: (command: { type: string }, state: State, d: Dice) => {
      if (!isSpiritCommand(type, command)) throw new RuleViolation('unknown_command', `The ${type} entry was given a ${command.type} command.`);
      return decide(command, state, d);
    },
  } satisfies CommandDef<State, soe.SpiritEvent>,
});

/** place: the action's members per type are checked as POST /v1/spirit-of-eden/actions does (400 under /command/action). */
const placeDecide = (cmd: SpiritCommandOf<'soe.place'>, state: State, d: Dice) => {
  const problems = actionProblems(cmd.action, ['command', 'action']);
  if (problems.length > 0) throw new InvalidInput(problems);
  return soe.place({ ...cmd, action: toAction(cmd.action) }, state, d);
};

export const MATCH_COMMANDS: Record<string, CommandDef<State, soe.SpiritEvent>> = {
  ...entry('soe.set_up', (cmd, state) => soe.setUp(cmd, state)),
  ...entry('soe.roll', (cmd, state, d) => soe.roll(cmd, state, d)),
  ...entry('soe.place', placeDecide),
  ...entry('soe.reroll', (cmd, state, d) => soe.reroll(cmd, state, d)),
  ...entry('soe.bonus', (cmd, state, d) => soe.bonus(cmd, state, d)),
  ...entry('soe.noa', (cmd, state, d) => soe.noa(cmd, state, d)),
  ...entry('soe.goomz', (cmd, state) => soe.goomz(cmd, state)),
};

/** The events its resolution log records: one `<operation id>.resolved` per operation of the game. */
export const SPIRIT_RESOLVED_EVENTS = resolutionEvents(spiritOfEdenOperations);
