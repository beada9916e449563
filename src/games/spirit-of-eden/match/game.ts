/**
 * The Spirit of Eden match as the kernel plays it (src/kernel/match-game.ts): the full solo game
 * (setup, turn start and roll, the player phase one step at a time, the Goomz phase, win/loss: its
 * command families) and the resolution log of the stateless operations (`soe.setup`, `soe.action`,
 * `soe.goomz_phase`, …) that stay accepted as commands on the same board (the log's projected
 * `board` is the game's); its table rules, outcome and flow. Creation options (400 with paths when
 * malformed, state.ts): `modes`, `actionCards` (the 4 Action cards' faces 1..6, not printed in the
 * rulebook), `dSendsAll`, `protectionEndsWithPhase`.
 */
import type { GameCommand } from '../../../kernel/decider.js';
import type { MatchRules } from '../../../kernel/match-game.js';
import { commandDocs, type CommandTable } from '../../../kernel/commands.js';
import { resolutionLog, withResolutionLog, type ResolvedEvent } from '../../../kernel/resolution-log.js';
import { spiritOfEdenOperations } from '../operations/index.js';
import { spiritOfEdenProjection, type SpiritMatch } from './index.js';
import { parseSpiritOptions, initialGame, type SpiritMatchState } from './state.js';
import { evolveSpirit, isSpiritEvent, type SpiritEvent } from './evolve.js';
import { spiritOutcome } from './outcome.js';
import { spiritTable } from './table.js';
import { SETUP_COMMANDS } from './setup.js';
import { TURN_START_COMMANDS } from './turn-start.js';
import { PLAYER_PHASE_COMMANDS } from './player-phase.js';
import { GOOMZ_PHASE_COMMANDS } from './goomz-phase.js';

/** The full-match commands (SOE-TURN-1), in the order of play: the families' tables. */
const SPIRIT_COMMANDS: CommandTable<SpiritMatchState, SpiritEvent> = { ...SETUP_COMMANDS, ...TURN_START_COMMANDS, ...PLAYER_PHASE_COMMANDS, ...GOOMZ_PHASE_COMMANDS };

export function spiritOfEdenGame(): MatchRules<SpiritMatchState, GameCommand, SpiritEvent | ResolvedEvent> {
  const log = resolutionLog(spiritOfEdenProjection, spiritOfEdenOperations);
  const decider = withResolutionLog<SpiritMatch, SpiritMatchState, SpiritEvent>(
    {
      label: 'The Spirit of Eden',
      initialState: (setup, base) => ({ ...base, ...initialGame(setup.options) }),
      commands: SPIRIT_COMMANDS,
      evolve: evolveSpirit,
      isEvent: isSpiritEvent,
    },
    log,
  );
  return {
    game: 'spirit-of-eden',
    ...decider,
    table: spiritTable,
    outcome: spiritOutcome,
    localize: (state, lang) => log.localize(state, lang),
    progress: (state) => ({ phase: state.phase, turn: state.turn }),
    commands: { ...log.commands, ...commandDocs(SPIRIT_COMMANDS) },
    validateOptions: (setup) => void parseSpiritOptions(setup.options),
  };
}
