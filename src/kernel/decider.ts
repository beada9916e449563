/**
 * The match kernel every game plays through (EDEN, Ánima, Exsilium, The Spirit of Eden), after
 * Emmett's Decider: `decide(command, state, dice) → events`, `evolve(state, event) → state`, an
 * initial state — each typed by the game's own State (S), Command (C) and Event (E) — plus one
 * flow (phase, turn, who may act, the moves pending, game over) read the same way for every game.
 * The match service (src/app/matches) runs a game only through `GameRules`; the adapter that
 * erases S, C and E for it (`defineGame`, src/app/matches/match-game.ts) holds them in closures,
 * so no state is ever `unknown` or cast on its way between the service and the game.
 * Pure: no I/O, no time; dice come from the caller.
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type { Dice } from './dice/index.js';
import type { Move, TableRules } from './table.js';

export type GameId = 'eden' | 'anima' | 'exsilium' | 'spirit-of-eden';

/** An event as stored: its type and its data (the game's own events, or any other: `match.note`, a client's). */
export interface GameEvent {
  type: string;
  data: unknown;
}

/** A command as it reaches a game: its `type` and its members (validated against its schema). */
export interface GameCommand {
  type: string;
  [member: string]: unknown;
}

export interface MatchSetup {
  players: { id: string; name: string }[];
  options: Record<string, unknown>;
}

/**
 * How a match stands (CONTRACT §8.2), the same shape for every game: `state.outcome` of every
 * projection. `winners` are player ids (none on a draw or a lost solo game); `reason` a rule ID or
 * the game's code for how it ended; `score` by player id where the game keeps one. Games may add members.
 */
export interface MatchOutcome {
  ended: boolean;
  winners: string[];
  reason?: string;
  score?: Record<string, number>;
}

/** The decider of one game. */
export interface Decider<S, C extends GameCommand, E extends GameEvent> {
  initialState(setup: MatchSetup): S;
  /** The events a valid command leads to, or a RuleViolation (422) when the rules refuse it; never changes `state`. */
  decide(command: C, state: S, dice: Dice): E[];
  /** One of the game's own events folded (a new state: states are immutable values). */
  evolve(state: S, event: E): S;
  /** Whether a stored event is one of the game's own (`state`: the state it would be folded onto). */
  isEvent(event: GameEvent, state: S): event is E;
  /** A stored event that is not the game's own (`match.note`, a client's event): the state it leaves. */
  other(state: S, event: GameEvent): S;
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

/** Everything the kernel knows of a game: its decider, its table (who sees and sends what), its flow. */
export interface GameRules<S, C extends GameCommand, E extends GameEvent> extends Decider<S, C, E> {
  game: GameId;
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
  localize?(state: S, lang: 'en' | 'es' | 'de'): S;
}

/** The flow of `rules` at `state`. */
export function flowOf<S, C extends GameCommand, E extends GameEvent>(rules: GameRules<S, C, E>, state: S): MatchFlow {
  const outcome = rules.outcome(state);
  const moves = outcome.ended ? [] : rules.table.moves(state);
  const { phase, turn } = rules.progress(state);
  return { phase: outcome.ended ? 'ended' : phase, turn, activePlayers: [...new Set(moves.map((m) => m.player))], moves, outcome };
}

/**
 * How a game reads one of its event types whose stored data changed (src/games/<game>/match/event-versions.ts;
 * src/app/matches/engine-events.ts registers them): its current schema version and the upcaster of
 * every earlier version (`upcasters[v]`: data of version v → version v + 1).
 */
export interface EventVersion {
  schemaVersion: number;
  upcasters: Record<number, (data: unknown) => unknown>;
  description: string;
}

/** A game's command schemas (src/games/<game>/commands/schemas.ts): per command type, the schema that validates it. */
export type CommandSchemas = Readonly<Record<string, { schema: TSchema }>>;
/** The command of type `T`, as its schema validates it (the one declaration of a command's input). */
export type CommandOfType<M extends CommandSchemas, T extends keyof M> = Static<M[T]['schema']>;
/** A game's commands: one member per command type. */
export type CommandUnion<M extends CommandSchemas> = { [T in keyof M]: CommandOfType<M, T> }[keyof M];

/**
 * Whether `command` is the `type` command of a game. Every command is validated against its
 * type's schema before it is decided (400 otherwise), so one of this type is that schema's value.
 */
export function isCommandOfType<M extends CommandSchemas, T extends keyof M & string>(type: T, command: { type: string }): command is { type: string } & CommandOfType<M, T> {
  return command.type === type;
}
