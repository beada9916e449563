/**
 * A game's match as the kernel runs it: its typed rules (`MatchRules<S, C, E>`: the decider, the
 * table rules, the flow, a schema per command type, the option checks) and `loadGame`, which turns
 * them into a `LoadedGame` — the one place where the game's State, Command and Event types meet the
 * service. They are not erased to `unknown` there: a fold (`MatchFold`) is a handle whose typed
 * state this closure alone holds, and a command is typed by the schema that validated it, so the
 * game sees only values of its own types.
 */
import type { Dice } from './dice/index.js';
import { InvalidInput, underPath } from './errors.js';
import type { Decider, GameCommand, GameEvent, MatchOutcome, MatchSetup } from './decider.js';
import type { Move, Reader, TableRules } from './table.js';
import { validate } from './validate.js';
import { own } from './records.js';
import type { CommandDoc } from './commands.js';
import type { Lang } from './i18n.js';

/** A command as it reaches a game: its `type`, its members, and optionally its dice. */
export type Command = GameCommand & { dice?: { values?: number[]; seed?: string } };

/** The state of a match as its owner reads it: the game's own state with `outcome` (CONTRACT §8.2). */
export interface ServedState {
  readonly outcome: MatchOutcome;
}

/** A match folded to one version: `state` is what the owner reads; the game's typed state stays with its GameMatch. */
export interface MatchFold {
  readonly game: string;
  readonly state: ServedState;
}

/** The flow of a match at one state, the same for every game (GET /v1/matches/{id}/moves). */
export interface MatchFlow {
  /** The game's own phase name (`activation`, `turn`, `player`…), `ended` once the game is over. */
  phase: string;
  /** The turn (EDEN, Ánima, The Spirit of Eden) or round (Exsilium) under way; 0 before the first. */
  turn: number;
  /** The players the rules give a move to now (those of `moves`, in order). */
  activePlayers: string[];
  /** Each command type a player may send now: whose turn it is and the choices pending (a bid, a defender's reply…). */
  moves: Move[];
  outcome: MatchOutcome;
}

/** Everything the kernel knows of a game's matches: its decider, its table (who sees and sends what), its flow, its commands. */
export interface MatchRules<S, C extends GameCommand, E extends GameEvent> extends Decider<S, C, E> {
  /** The game's id. */
  game: string;
  /** What the game keeps from whom and who may act now (CONTRACT §8.1). */
  table: TableRules<S>;
  /** How a state stands (the game's end conditions): also `state.outcome` of every projection. */
  outcome(state: S): MatchOutcome;
  /** The game's phase and turn at `state` (the rest of the flow comes from `table.moves` and `outcome`). */
  progress(state: S): { phase: string; turn: number };
  /**
   * The state with its narrative texts (a resolution's `summary`) in `lang` (`en`, `es`, `de`), for
   * a reader who asked for it; the fold renders them in English. Absent: the state has no text to render.
   */
  localize?(state: S, lang: Lang): S;
  /** Per command type (deprecated aliases included): its schema (validating a `C`), description and example. */
  commands: Record<string, CommandDoc>;
  /** Checks the match's players and `options` at creation (InvalidInput: 400 with `/players` or `/options/...` paths). */
  validateOptions?(setup: MatchSetup): void;
}

/** The flow of `rules` at `state`. */
function flowOf<S, C extends GameCommand, E extends GameEvent>(rules: MatchRules<S, C, E>, state: S): MatchFlow {
  const outcome = rules.outcome(state);
  const moves = outcome.ended ? [] : rules.table.moves(state);
  const { phase, turn } = rules.progress(state);
  return { phase: outcome.ended ? 'ended' : phase, turn, activePlayers: [...new Set(moves.map((m) => m.player))], moves, outcome };
}

/** A game's match as the service runs it (see `loadGame`): its types erased behind fold handles. */
export interface LoadedGame {
  game: string;
  commands: Record<string, CommandDoc>;
  validateOptions?(setup: MatchSetup): void;
  /** The command validated against its type's schema (400 with `/command/...` paths); unknown types are 400 `unknown_command`. */
  validate(command: Command, options?: Record<string, unknown>): Command;
  initialState(setup: MatchSetup): MatchFold;
  /** One stored event folded (the game's own, or any other: `match.note`, a client's). */
  evolve(fold: MatchFold, event: GameEvent): MatchFold;
  /** The events `command` leads to (validated first when it was not: 400), or the rules' refusal (422). */
  decide(command: Command, fold: MatchFold, dice: Dice): GameEvent[];
  flow(fold: MatchFold): MatchFlow;
  /** The state as the owner reads it, its texts in `lang` (the fold's are English). */
  stateIn(fold: MatchFold, lang: Lang): ServedState;
  /** The state as `reader` may see it (CONTRACT §8.1), its texts in `lang`. */
  viewState(fold: MatchFold, reader: Reader, lang?: Lang): unknown;
  viewOptions(options: Record<string, unknown>, reader: Reader): Record<string, unknown>;
  viewEvent(event: GameEvent, reader: Reader, around: { before: MatchFold; after: MatchFold }): GameEvent;
  secretTexts(fold: MatchFold, reader: Reader): string[];
  /** The player(s) `command` acts for (TableRules.actor). */
  actor(command: Command, fold: MatchFold): string | readonly string[] | undefined;
}

/** The LoadedGame of a game's match: its typed rules behind handles (no state or command crosses as `unknown`). */
export function loadGame<S extends object, C extends GameCommand, E extends GameEvent>(rules: MatchRules<S, C, E>): LoadedGame {
  type Kept = S & ServedState;
  const states = new WeakMap<MatchFold, Kept>();
  const validated = new WeakMap<Command, C>();
  // every state carries `outcome` (CONTRACT §8.2), derived by the game's pure core from its end conditions
  const hold = (state: S): MatchFold => {
    const kept: Kept = { ...state, outcome: rules.outcome(state) };
    const fold: MatchFold = { game: rules.game, state: kept };
    states.set(fold, kept);
    return fold;
  };
  const stateOf = (fold: MatchFold): Kept => {
    const state = states.get(fold);
    if (state === undefined) throw new Error(`not a fold of a ${rules.game} match`);
    return state;
  };
  const localized = (state: Kept, lang: Lang): Kept => (lang === 'en' || !rules.localize ? state : { ...rules.localize(state, lang), outcome: state.outcome });
  const check = (command: Command, options?: Record<string, unknown>): C => {
    const doc = own(rules.commands, command.type);
    if (!doc) {
      const canonical = Object.keys(rules.commands).filter((type) => !rules.commands[type]!.deprecated);
      throw new InvalidInput([{ path: '/command/type', code: 'unknown_command', message: `${rules.game} matches accept: ${canonical.join(', ') || 'no commands yet'}.` }]);
    }
    const command_ = underPath('/command', () => validate<C>(doc.schema, command, options));
    validated.set(command_, command_);
    return command_;
  };
  return {
    game: rules.game,
    commands: rules.commands,
    ...(rules.validateOptions ? { validateOptions: rules.validateOptions } : {}),
    validate: check,
    initialState: (setup) => hold(rules.initialState(setup)),
    evolve: (fold, event) => {
      const state = stateOf(fold);
      return hold(rules.isEvent(event, state) ? rules.evolve(state, event) : rules.other(state, event));
    },
    decide: (command, fold, dice) => rules.decide(validated.get(command) ?? check(command), stateOf(fold), dice),
    flow: (fold) => flowOf(rules, stateOf(fold)),
    stateIn: (fold, lang) => localized(stateOf(fold), lang),
    viewState: (fold, reader, lang = 'en') => rules.table.viewState(localized(stateOf(fold), lang), reader),
    viewOptions: (options, reader) => rules.table.viewOptions(options, reader),
    viewEvent: (event, reader, { before, after }) => rules.table.viewEvent(event, reader, { before: stateOf(before), after: stateOf(after) }),
    secretTexts: (fold, reader) => rules.table.secretTexts(stateOf(fold), reader),
    actor: (command, fold) => rules.table.actor(command, stateOf(fold)),
  };
}
