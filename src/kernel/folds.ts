/**
 * A game's evolve as a table of folds, one per event type (Emmett's `evolve` switch, as data). The
 * game's event union (E: `{type, data}` members) is the one declaration of its events; the table is
 * typed by it, so the compiler refuses a table that misses a type or folds one that is not
 * declared, and the runtime list of the game's event types is the table's keys — never a second
 * list kept in step by hand.
 */
import type { GameEvent } from './decider.js';
import { own } from './records.js';

/** The data of the event of type `T` in the union `E`. */
export type EventData<E extends GameEvent, T extends E['type']> = Extract<E, { type: T }>['data'];

/** The fold of one event type: the state, the event's data → the next state (states are immutable values). */
export type Fold<S, D> = (state: S, data: D) => S;

/** One fold per event type of `E`, no more, no fewer. */
export type FoldTable<S, E extends GameEvent> = { [T in E['type']]: Fold<S, EventData<E, T>> };

/** What a fold table gives the decider: the event types, the test of one, and evolve. */
export interface Folds<S, E extends GameEvent> {
  /** Every event type of the game, in the table's order. */
  types: readonly E['type'][];
  /** Whether a stored event is one of the game's own (by its type). */
  isEvent(event: GameEvent): event is E;
  /** One of the game's own events folded. */
  evolve(state: S, event: E): S;
}

/** The folds of `table`. */
export function foldsOf<S, E extends GameEvent>(table: FoldTable<S, E>): Folds<S, E> {
  const folds = table as Readonly<Record<string, Fold<S, unknown>>>;
  return {
    types: Object.keys(table) as E['type'][],
    isEvent: (event): event is E => own(folds, event.type) !== undefined,
    evolve: (state, event) => own(folds, event.type)!(state, event.data),
  };
}
