/**
 * The Spirit of Eden match as the kernel plays it (src/games/kernel.ts): the full solo game
 * (src/games/spirit-of-eden/match) and the resolution log of the stateless operations on one board
 * (the log's projected `board` is the game's); its table rules, outcome and flow.
 */
import * as soe from '../match/index.js';
import { spiritTable, type SpiritTableState } from '../match/table.js';
import type { GameCommand, GameEvent } from '../../../kernel/decider.js';
import { RuleViolation } from '../../../kernel/errors.js';
import { own, type GameDefinition } from '../../../kernel/match-game.js';
import { resolutionLog, withResolutionLog, type ResolutionLogState, type ResolvedEvent } from '../../../kernel/resolution-log.js';
import { spiritOfEdenOperations } from '../operations/index.js';
import { MATCH_COMMANDS } from './index.js';

type State = SpiritTableState & ResolutionLogState<soe.SpiritMatch> & soe.SpiritGame;

export function spiritOfEdenGame(): GameDefinition<State, GameCommand, soe.SpiritEvent | ResolvedEvent> {
  const log = resolutionLog(soe.spiritOfEdenProjection, spiritOfEdenOperations);
  const docs = Object.fromEntries(Object.entries(MATCH_COMMANDS).map(([type, { decide: _decide, ...doc }]) => [type, doc]));
  const decider = withResolutionLog<soe.SpiritMatch, State, GameCommand, soe.SpiritEvent>(
    {
      initialState: (setup, base) => ({ ...base, ...soe.initialGame(setup.options) }),
      decide: (command, state, dice) => {
        const entry = own(MATCH_COMMANDS, command.type);
        if (!entry) throw new RuleViolation('unknown_command', `The Spirit of Eden matches know no command "${command.type}".`);
        return entry.decide(command, state, dice);
      },
      evolve: (state, event) => soe.evolveSpirit(state, event),
      isEvent: (event: GameEvent): event is soe.SpiritEvent => soe.isSpiritEvent(event.type),
      isCommand: (command): command is GameCommand => own(MATCH_COMMANDS, command.type) !== undefined,
    },
    log,
  );
  return {
    rules: {
      game: 'spirit-of-eden',
      ...decider,
      table: spiritTable,
      outcome: soe.spiritOutcome,
      localize: (state, lang) => log.localize(state, lang),
      progress: (state) => ({ phase: state.phase, turn: state.turn }),
    },
    commands: { ...log.commands, ...docs },
    validateOptions: (setup) => void soe.parseSpiritOptions(setup.options),
  };
}
