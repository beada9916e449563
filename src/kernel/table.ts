/**
 * Tables with several people (CONTRACT §8.1): what each game keeps from whom, and who may act now.
 * Every game declares its `TableRules` beside its match rules (src/games/<game>/match/table.ts);
 * the match service derives every view of a match from them — the state, the creation `options`
 * echoed back, each event of the log and of the live feeds, `moves`, error messages — so a secret
 * has one declaration and no route can forget it. Pure: no I/O, no time, no randomness.
 *
 * Who reads: a seat (`playerId`, the player whose token it holds) sees the public state plus its
 * own secrets; a spectator (`playerId: null`) sees the public state. The owner (the API key) sees
 * everything and is never passed through these functions (except to preview a view with `?as=`).
 * Secret at least: what the rulebooks keep from other players (EDEN Secret missions, Ánima Basic
 * Missions held and face-down cards, hands of cards, cards dropped face down), any bid or choice
 * stored before the rules reveal it, and the order of every undrawn deck (from everyone). A card a
 * viewer may not see reads HIDDEN; how many cards a hand or deck holds stays visible (an array
 * keeps its length, each hidden card becomes HIDDEN). A secret the rules reveal is public from the
 * event that reveals it.
 */
import type { GameCommand, GameEvent } from './decider.js';

/** What a viewer reads in place of a card or value it may not see. */
export const HIDDEN: { readonly hidden: true } = Object.freeze({ hidden: true as const });
export type Hidden = typeof HIDDEN;

/** The player whose seat reads, or null for a spectator. */
export type Reader = string | null;

/** One command type a player may send now (GET /v1/matches/{id}/moves). */
export interface Move {
  player: string;
  type: string;
}

export interface TableRules<S> {
  /** The state as `reader` may see it: every secret it may not see replaced by HIDDEN, sizes kept. Never mutates `state`. */
  viewState(state: S, reader: Reader): unknown;
  /** The match's creation `options` as `reader` may see them (a deck listed in draw order: each undrawn card HIDDEN). */
  viewOptions(options: Record<string, unknown>, reader: Reader): Record<string, unknown>;
  /**
   * An event as `reader` may see it: the same `type`, its secret members replaced by HIDDEN. `before`
   * is the state the event was applied to and `after` the state it led to (what it reveals is public
   * from this event on).
   */
  viewEvent(event: GameEvent, reader: Reader, context: { before: S; after: S }): GameEvent;
  /**
   * A command `declarer` declared from its seat (`match.declared`, CONTRACT §9.1) as `reader` may see
   * it while it waits for answers: a proposal's secret parts (the Gifts a trade offers) replaced by
   * HIDDEN. Absent: a declared command is public (an attack, a designation).
   */
  viewDeclared?(command: GameCommand, declarer: string, reader: Reader): GameCommand;
  /**
   * Texts (card names, card ids, mission names…) that `reader` may not see in `state`: a refusal's
   * message or members naming one of them are masked before a seat or spectator reads them.
   */
  secretTexts(state: S, reader: Reader): string[];
  /** The command types each player may send now, as far as the match's flow tells (whose turn, pending decisions). */
  moves(state: S): Move[];
  /**
   * The player `command` acts for: the player it names (its `player` member, or the game's own
   * member for it), else the player the rules give this command to now; several players when it
   * carries the decisions of more than one (both bids in one command, a defender's reply inside
   * the attacker's command: only the owner key, a referee, may send it); undefined when it is not
   * one player's (a table-wide step anyone at the table may send).
   */
  actor(command: GameCommand, state: S): string | readonly string[] | undefined;
}

/** The actor of a command carrying the decisions of `players` (distinct, in order): one player's id when there is only one. */
export function severalPlayers(players: readonly string[]): string | readonly string[] {
  const distinct = [...new Set(players)];
  return distinct.length === 1 ? distinct[0]! : distinct;
}

/** Replace every element of a list by HIDDEN (its length stays visible). */
export function hideAll(list: readonly unknown[] | undefined): Hidden[] | undefined {
  return list?.map(() => HIDDEN);
}

/** A table that keeps nothing secret and gives every command to anyone (a log of stateless resolutions). */
export function openTable<S>(players: (state: S) => string[], types: () => string[]): TableRules<S> {
  return {
    viewState: (state) => state,
    viewOptions: (options) => options,
    viewEvent: (event) => event,
    secretTexts: () => [],
    moves: (state) => players(state).flatMap((player) => types().map((type) => ({ player, type }))),
    actor: (command) => (typeof command.player === 'string' ? command.player : undefined),
  };
}
