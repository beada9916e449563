/**
 * The decider every game plays its matches through, after Emmett's: `decide(command, state, dice)
 * → events`, `evolve(state, event) → state`, an initial state — each typed by the game's own State
 * (S), Command (C) and Event (E) — and the shapes every game shares (an event, a command, a setup,
 * an outcome). A game's whole match (decider, table, flow, commands: `MatchRules`) is in
 * match-game.ts, which also erases S, C and E for the service behind fold handles.
 * Pure: no I/O, no time; dice come from the caller.
 */
import type { Dice } from './dice/index.js';

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
