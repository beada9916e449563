/**
 * The Spirit of Eden match as the kernel plays it (src/kernel/match-game.ts): the full solo game
 * (src/games/spirit-of-eden/match) and the resolution log of the stateless operations on one board
 * (the log's projected `board` is the game's); its table rules, outcome and flow.
 */
import * as soe from '../match/index.js';
import { spiritTable, type SpiritTableState } from '../match/table.js';
import type { GameCommand, GameEvent } from '../../../kernel/decider.js';
import type { MatchRules } from '../../../kernel/match-game.js';
import { commandDocs } from '../../../kernel/commands.js';
import { resolutionLog, withResolutionLog, type ResolutionLogState, type ResolvedEvent } from '../../../kernel/resolution-log.js';
import { spiritOfEdenOperations } from '../operations/index.js';
import { MATCH_COMMANDS } from './index.js';

type State = SpiritTableState & ResolutionLogState<soe.SpiritMatch> & soe.SpiritGame;

export function spiritOfEdenGame(): MatchRules<State, GameCommand, soe.SpiritEvent | ResolvedEvent> {
  const log = resolutionLog(soe.spiritOfEdenProjection, spiritOfEdenOperations);
  const decider = withResolutionLog<soe.SpiritMatch, State, soe.SpiritEvent>(
    {
      label: 'The Spirit of Eden',
      initialState: (setup, base) => ({ ...base, ...soe.initialGame(setup.options) }),
      commands: MATCH_COMMANDS,
      evolve: (state, event) => soe.evolveSpirit(state, event),
      isEvent: (event: GameEvent): event is soe.SpiritEvent => soe.isSpiritEvent(event.type),
    },
    log,
  );
  return {
    game: 'spirit-of-eden',
    ...decider,
    table: spiritTable,
    outcome: soe.spiritOutcome,
    localize: (state, lang) => log.localize(state, lang),
    progress: (state) => ({ phase: state.phase, turn: state.turn }),
    commands: { ...log.commands, ...commandDocs(MATCH_COMMANDS) },
    validateOptions: (setup) => void soe.parseSpiritOptions(setup.options),
  };
}
