/**
 * A game as the match service runs it. Every game (EDEN, Ánima, Exsilium, The Spirit of Eden) is
 * declared the same way — its typed rules (`GameRules<S, C, E>`, src/games/kernel.ts) and a schema
 * per command type — and `defineGame` turns that into a `GameMatch`: the one place where the
 * game's State, Command and Event types meet the service. They are not erased to `unknown` there:
 * a fold (`MatchFold`) is a handle whose typed state this closure alone holds, and a command is
 * typed by the schema that validated it, so the game sees only values of its own types.
 */
import type { TSchema } from '@sinclair/typebox';
import type { Dice } from './dice/index.js';
import { InvalidInput, underPath } from './errors.js';
import { flowOf, type GameCommand, type GameEvent, type GameId, type GameRules, type MatchFlow, type MatchOutcome, type MatchSetup } from './decider.js';
import type { Reader } from './table.js';
import { validate } from './validate.js';
import type { Lang } from './i18n.js';

export type { GameCommand, GameEvent, GameId, MatchFlow, MatchOutcome, MatchSetup } from './decider.js';
/** A command as it reaches a game: its `type`, its members, and optionally its dice. */
export type Command = GameCommand & { dice?: { values?: number[]; seed?: string } };
export type MatchEvent = GameEvent;

/**
 * `table[key]` only when `key` is the table's own member. Every lookup by a caller-supplied key
 * (a command `type`, an event type, a game, an id) goes through this: a plain `table[key]` would
 * find Object.prototype's members ("constructor", "toString", "__proto__"…) and answer 500.
 */
export function own<T>(table: Readonly<Record<string, T>> | null | undefined, key: unknown): T | undefined {
  return table != null && typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}

/** One command type of a game: validated by `schema` (400 under `/command`) before the game decides it. */
export interface CommandDoc {
  schema: TSchema;
  /** Markdown for the API documentation (rules applied). */
  description: string;
  /** An example body (members besides `type`), shown in the OpenAPI document. */
  example?: Record<string, unknown>;
  /** A name kept for earlier clients (CONTRACT §8.2): listed with `deprecated: true`. */
  deprecated?: boolean;
  /** For a deprecated alias: the canonical `<prefix>.<snake_case>` type it stands for (same schema but for `type`, same events). */
  aliasOf?: string;
}

/** A command of a game whose decider is a table of one `decide` per command type (Exsilium's full match, The Spirit of Eden's). */
export interface MatchCommand<S, E extends GameEvent = GameEvent> extends CommandDoc {
  decide(command: GameCommand, state: S, dice: Dice): E[];
}

/** The state of a match as its owner reads it: the game's own state with `outcome` (CONTRACT §8.2). */
export interface ServedState {
  readonly outcome: MatchOutcome;
}

/** A match folded to one version: `state` is what the owner reads; the game's typed state stays with its GameMatch. */
export interface MatchFold {
  readonly game: GameId;
  readonly state: ServedState;
}

/** A game declared for the match service: its typed rules, a schema per command type, and its option check. */
export interface GameDefinition<S extends object, C extends GameCommand, E extends GameEvent> {
  rules: GameRules<S, C, E>;
  /** Per command type (deprecated aliases included): its schema (validating a `C`), description and example. */
  commands: Record<string, CommandDoc>;
  /** Checks the match `options` at creation (InvalidInput: 400 with `/options/...` paths). */
  validateOptions?(setup: MatchSetup): void;
}

/** A game as the match service runs it (see `defineGame`). */
export interface GameMatch {
  game: GameId;
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

/** The GameMatch of a game: its typed rules behind handles (no state or command crosses as `unknown`). */
export function defineGame<S extends object, C extends GameCommand, E extends GameEvent>(def: GameDefinition<S, C, E>): GameMatch {
  const { rules } = def;
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
    const doc = own(def.commands, command.type);
    if (!doc) {
      const canonical = Object.keys(def.commands).filter((type) => !def.commands[type]!.deprecated);
      throw new InvalidInput([{ path: '/command/type', code: 'unknown_command', message: `${rules.game} matches accept: ${canonical.join(', ') || 'no commands yet'}.` }]);
    }
    const command_ = underPath('/command', () => validate<C>(doc.schema, command, options));
    validated.set(command_, command_);
    return command_;
  };
  return {
    game: rules.game,
    commands: def.commands,
    ...(def.validateOptions ? { validateOptions: def.validateOptions } : {}),
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
