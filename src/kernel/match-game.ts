/**
 * A game's match as the kernel runs it: its typed rules (`MatchRules<S, C, E>`: the decider, the
 * table rules, the flow, a schema per command type, the option checks) and `loadGame`, which turns
 * them into a `LoadedGame` — the one place where the game's State, Command and Event types meet the
 * service. They are not erased to `unknown` there: a fold (`MatchFold`) is a handle whose typed
 * state this closure alone holds, and a command is typed by the schema that validated it, so the
 * game sees only values of its own types.
 */
import { SeededDice, type Dice } from './dice/index.js';
import { InvalidInput, underPath } from './errors.js';
import type { Decider, GameCommand, GameEvent, MatchOutcome, MatchSetup } from './decider.js';
import type { Move, Reader, TableRules } from './table.js';
import { validate } from './validate.js';
import { own } from './records.js';
import { commandSchema, type CommandDoc } from './commands.js';
import { Type } from '@sinclair/typebox';
import {
  afterDecisionEvent,
  decisionStep,
  DECISION_EVENTS,
  PASS,
  pendingOf,
  viewDecisionEvent,
  waitMoves,
  type DecisionRules,
  type PendingDecision,
  type Wait,
} from './decisions.js';
import type { Lang } from './i18n.js';
import { ACCEPT_TAKEBACK, REQUEST_TAKEBACK, TAKEBACK_COMMANDS, decideTakeback, takebackAgreement } from './takeback.js';
import { RuleViolation } from './errors.js';

/** A command as it reaches a game: its `type`, its members, and optionally its dice. */
export type Command = GameCommand & { dice?: { values?: number[]; seed?: string } };

/** The state of a match as its owner reads it: the game's own state with `outcome` (CONTRACT §8.2) and `pending` (§9.1). */
export interface ServedState {
  readonly outcome: MatchOutcome;
  /** Whom the table waits for (a sealed part, an answer): public, never a part's content. */
  readonly pending: readonly PendingDecision[];
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
  /** The decisions its players send from their own seats (CONTRACT §9.1): sealed parts and responses. */
  decisions?: DecisionRules<S>;
}

/** `match.pass` (CONTRACT §9.1): a responder declines to answer (the owner may pass for any pending player). */
const PassSchema = commandSchema(PASS, { player: Type.String({ minLength: 1, maxLength: 200, description: 'The player who passes.' }) });
const PASS_DOC: CommandDoc = {
  schema: PassSchema,
  description: 'CONTRACT §9.1: the pending player declines to answer (a reaction, an interruption, a Cancellation, a defender’s reply); the owner may pass for any pending player.',
  example: { player: 'B' },
};

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
  /**
   * The events `command` leads to (validated first when it was not: 400), or the rules' refusal
   * (422). `as`: the player it is sent for (a seat, or the owner with `?as=`): decisions that wait
   * for other players open instead of resolving (CONTRACT §9.1); absent, the owner's bundled command.
   */
  decide(command: Command, fold: MatchFold, dice: Dice, as?: string): GameEvent[];
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
  /** What a fold holds: the game's state (with outcome and pending), what the table waits for, the version folded. */
  interface Held {
    state: Kept;
    wait?: Wait;
    version: number;
    /** Since when each of the game's own choices has waited (by player and types). */
    since: Record<string, number>;
    /** The match's player ids (a takeback asks every other one). */
    players: readonly string[];
  }
  const held = new WeakMap<MatchFold, Held>();
  const validated = new WeakMap<Command, C>();
  const decisions = rules.decisions;
  const commands: Record<string, CommandDoc> = { ...rules.commands, ...(decisions?.responses ? { [PASS]: PASS_DOC } : {}), ...TAKEBACK_COMMANDS };
  /** The game's decisions and the table's own (a takeback by consent, CONTRACT §9.2), for a match of `players`. */
  const tableDecisions = (players: readonly string[]): DecisionRules<S> => ({
    ...decisions,
    responses: { ...decisions?.responses, [REQUEST_TAKEBACK]: takebackAgreement<S>(players) },
  });
  // every state carries `outcome` (CONTRACT §8.2), derived by the game's pure core from its end conditions, and `pending` (§9.1)
  const hold = (state: S, wait: Wait | undefined, version: number, players: readonly string[], before?: Held): MatchFold => {
    const since: Record<string, number> = {};
    const choices = (decisions?.choices?.(state) ?? []).map((c) => {
      const key = `${c.player} ${c.types.join(' ')}`;
      since[key] = before?.since[key] ?? version;
      return { player: c.player, kind: 'choice' as const, types: c.types, rule: c.rule, since: since[key] };
    });
    const kept: Kept = { ...state, outcome: rules.outcome(state), pending: [...pendingOf(wait), ...choices] };
    const fold: MatchFold = { game: rules.game, state: kept };
    held.set(fold, { state: kept, ...(wait ? { wait } : {}), version, since, players });
    return fold;
  };
  const heldOf = (fold: MatchFold): Held => {
    const h = held.get(fold);
    if (h === undefined) throw new Error(`not a fold of a ${rules.game} match`);
    return h;
  };
  const stateOf = (fold: MatchFold): Kept => heldOf(fold).state;
  const localized = (state: Kept, lang: Lang): Kept =>
    lang === 'en' || !rules.localize ? state : { ...rules.localize(state, lang), outcome: state.outcome, pending: state.pending };
  const check = (command: Command, options?: Record<string, unknown>): C => {
    const doc = own(commands, command.type);
    if (!doc) {
      const canonical = Object.keys(commands).filter((type) => !commands[type]!.deprecated);
      throw new InvalidInput([{ path: '/command/type', code: 'unknown_command', message: `${rules.game} matches accept: ${canonical.join(', ') || 'no commands yet'}.` }]);
    }
    const command_ = underPath('/command', () => validate<C>(doc.schema, command, options));
    validated.set(command_, command_);
    return command_;
  };
  const isDecisionEvent = (event: GameEvent) => DECISION_EVENTS.includes(event.type);
  /** The table's own commands (answers, takebacks): their `player` is who they act for. */
  const TABLE_COMMANDS = new Set([PASS, REQUEST_TAKEBACK, ACCEPT_TAKEBACK]);
  /** The player(s) a command acts for: the table's commands name their player (a side the game knows, or an id), every other command per the game's table rules. */
  const actorIn = (command: GameCommand, state: Kept): string | readonly string[] | undefined => {
    if (!TABLE_COMMANDS.has(command.type)) return rules.table.actor(command, state);
    const named = typeof command.player === 'string' ? command.player : undefined;
    return named === undefined ? undefined : (decisions?.playerNamed?.(named, state) ?? named);
  };
  const single = (actor: string | readonly string[] | undefined) => (typeof actor === 'string' ? actor : undefined);
  return {
    game: rules.game,
    commands,
    ...(rules.validateOptions ? { validateOptions: rules.validateOptions } : {}),
    validate: check,
    initialState: (setup) =>
      hold(
        rules.initialState(setup),
        undefined,
        0,
        setup.players.map((p) => p.id),
      ),
    evolve: (fold, event) => {
      const before = heldOf(fold);
      const { state, wait, players } = before;
      const given = (event as { version?: unknown }).version;
      const version = typeof given === 'number' ? given : before.version + 1;
      if (isDecisionEvent(event)) return hold(state, afterDecisionEvent(tableDecisions(players), wait, event, state, version), version, players, before);
      return hold(rules.isEvent(event, state) ? rules.evolve(state, event) : rules.other(state, event), wait, version, players, before);
    },
    decide: (command, fold, dice, as) => {
      const typed = validated.get(command) ?? check(command);
      const { state, wait, players } = heldOf(fold);
      // the game's rules decide its commands; a takeback is the table's (takeback.ts)
      const decideNow = (c: GameCommand, d: Dice): GameEvent[] => (c.type === REQUEST_TAKEBACK ? decideTakeback(c, as) : rules.decide(check(c as Command), state, d));
      const step = decisionStep(tableDecisions(players), wait, typed, as, state, (c) => single(actorIn(c, state)));
      if (!step) {
        if (typed.type === ACCEPT_TAKEBACK) throw new RuleViolation('nothing_pending', 'No takeback waits for an answer now.', { awaiting: [] });
        return typed.type === REQUEST_TAKEBACK ? decideTakeback(typed, as) : rules.decide(typed, state, dice);
      }
      // a declared command the rules would refuse opens nothing: decided once with throw-away dice
      if (step.check) decideNow(step.check, new SeededDice('declared'));
      // the parts combined, or the declared command with its answers, decided now with the dice drawn now
      return step.resolve ? [...step.events, ...decideNow(step.resolve, dice)] : step.events;
    },
    flow: (fold) => {
      const { state, wait } = heldOf(fold);
      if (!wait) return flowOf(rules, state);
      const moves = waitMoves(wait);
      return { ...rules.progress(state), activePlayers: [...new Set(moves.map((m) => m.player))], moves, outcome: rules.outcome(state) };
    },
    stateIn: (fold, lang) => localized(stateOf(fold), lang),
    viewState: (fold, reader, lang = 'en') => rules.table.viewState(localized(stateOf(fold), lang), reader),
    viewOptions: (options, reader) => rules.table.viewOptions(options, reader),
    viewEvent: (event, reader, { before, after }) =>
      isDecisionEvent(event)
        ? viewDecisionEvent(event, reader, rules.table.viewDeclared)
        : rules.table.viewEvent(event, reader, { before: stateOf(before), after: stateOf(after) }),
    secretTexts: (fold, reader) => rules.table.secretTexts(stateOf(fold), reader),
    actor: (command, fold) => actorIn(command, stateOf(fold)),
  };
}
