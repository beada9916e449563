/**
 * The Spirit of Eden match state (a full solo game, SOE-TURN-1): one board, the turn and its phase,
 * the dice of the player phase, Noa's power and the die bonuses, and the result. `evolve` folds the
 * match events; the resolution-log members (`board` included) are shared with the stateless
 * `soe.*` operations recorded as commands (index.ts).
 */
import { InvalidInput, pointer, type InputProblem } from '../../../kernel/errors.js';
import type { ResolutionLogState } from '../../../kernel/resolution-log.js';
import { ACTION_FACES, type ActionFace } from '../rules/actions.js';
import type { Board, Mode, Terrain } from '../rules/board.js';
import type { DieState, RawStep } from '../rules/player-phase.js';
import type { GoomzStep } from '../rules/goomz-phase.js';

/** Creation options (documented in the command descriptions); all optional so a resolution log needs none. */
export interface SpiritOptions {
  /** SOE-MODE-1..6 (default Classic). */
  modes: Mode[];
  /** SOE-PLACE-2 / SOE-AMB-12: the 4 Action cards, faces 1..6 → action (not printed in the seed). */
  actionCards: ActionFace[][] | null;
  /** SOE-AMB-9 alternative: D sends every unprotected Ally on the card to Noa. */
  dSendsAll: boolean;
  /** SOE-AMB-6 option: unused protection ends with the Goomz phase. */
  protectionEndsWithPhase: boolean;
}

export type SpiritPhase = 'setup' | 'turn_start' | 'player' | 'ended';

export interface SpiritGame {
  options: SpiritOptions;
  phase: SpiritPhase;
  /** 0 until the setup; then the current turn (SOE-TURN-1). */
  turn: number;
  /** The board as the turn started (player-phase steps are replayed on it, SOE-PLACE-3). */
  turnStartBoard: Board | null;
  /** SOE-DICE-1: the first roll of this turn; null before rolling. */
  roll: number[] | null;
  /** The player phase so far (place, reroll, bonus, noa), in order. */
  steps: RawStep[];
  /** The 4 dice now: value, state (unused / placed / discarded) and the Action card they sit on. */
  dice: { index: number; value: number; state: DieState; card?: number }[];
  /** SOE-MODE-6: the Action card face down this turn. */
  disabledCard: number | null;
  /** SOE-NOA-1: Noa's power used (once per game). */
  noaPowerUsed: boolean;
  /** SOE-OBJ-4: die bonuses used in earlier turns, and in this one. */
  bonusesUsed: number;
  /** Goomz phases resolved (their steps), latest last. */
  lastGoomzPhase: { turn: number; steps: GoomzStep[]; skipped: string[] } | null;
  result: { won: boolean; lost: boolean; turn: number; destroyedPairs: Terrain[] } | null;
}

/** The game's members and its board: what the full game decides on (table.ts reads it too). */
export type SpiritState = SpiritGame & { board: Board | null };

/**
 * The match state the commands decide over and the events fold into: the game's members inside the
 * resolution log's (its `board` shared with the stateless `soe.*` operations, index.ts).
 */
export type SpiritMatchState = ResolutionLogState & SpiritState;

const MODES: readonly Mode[] = ['classic', 'celestial', 'fearless', 'resurrection', 'devastator', 'scarcity'];

/** The creation options, checked (400 with `/options/...` paths); every problem at once. */
export function parseSpiritOptions(options: Record<string, unknown>): SpiritOptions {
  const problems: InputProblem[] = [];
  const add = (path: string, code: string, message: string) => problems.push({ path, code, message });
  const modes = options.modes ?? [];
  if (!Array.isArray(modes)) add('/options/modes', 'type', 'An array of game modes.');
  else modes.forEach((m, i) => MODES.includes(m as Mode) || add(pointer('options', 'modes', i), 'enum', `One of ${MODES.join(', ')} (SOE-MODE-1..6).`));
  const cards = options.actionCards;
  if (cards !== undefined) {
    if (!Array.isArray(cards) || cards.length !== 4)
      add('/options/actionCards', 'action_cards', 'The 4 Action cards, each an array of the actions on faces 1..6 (SOE-PLACE-2, SOE-AMB-12).');
    else
      cards.forEach((card, c) => {
        if (!Array.isArray(card) || card.length !== 6) return add(pointer('options', 'actionCards', c), 'faces', `Action card ${c} lists the actions of its 6 faces (1..6).`);
        card.forEach((f, i) => ACTION_FACES.includes(f as ActionFace) || add(pointer('options', 'actionCards', c, i), 'enum', `One of ${ACTION_FACES.join(', ')}.`));
      });
  }
  for (const k of ['dSendsAll', 'protectionEndsWithPhase'] as const) {
    if (options[k] !== undefined && typeof options[k] !== 'boolean') add(pointer('options', k), 'type', 'true or false.');
  }
  if (problems.length > 0) throw new InvalidInput(problems);
  return {
    modes: [...new Set(modes as Mode[])],
    actionCards: (cards as ActionFace[][] | undefined) ?? null,
    dSendsAll: options.dSendsAll === true,
    protectionEndsWithPhase: options.protectionEndsWithPhase === true,
  };
}

/** Options stored before validation existed (or garbled) fall back to Classic without card data. */
function lenientOptions(options: Record<string, unknown>): SpiritOptions {
  try {
    return parseSpiritOptions(options);
  } catch {
    return { modes: [], actionCards: null, dSendsAll: false, protectionEndsWithPhase: false };
  }
}

export function initialGame(options: Record<string, unknown>): SpiritGame {
  return {
    options: lenientOptions(options),
    phase: 'setup',
    turn: 0,
    turnStartBoard: null,
    roll: null,
    steps: [],
    dice: [],
    disabledCard: null,
    noaPowerUsed: false,
    bonusesUsed: 0,
    lastGoomzPhase: null,
    result: null,
  };
}
