/**
 * The events of a full Ánima match (all written by its commands): the union of the families'
 * events, each type's data declared with its fold (evolve-turn.ts, evolve-play.ts,
 * evolve-cards.ts, evolve-missions.ts).
 */
import type { EventData } from '../../../kernel/folds.js';
import type { CardEvent } from './evolve-cards.js';
import type { MissionEvent } from './evolve-missions.js';
import type { PlayEvent } from './evolve-play.js';
import type { SeatEvent } from './evolve-seats.js';
import type { TurnEvent } from './evolve-turn.js';

/** The events of a map of event data: one `{type, data}` member per type. */
export type EventsOf<D> = { [T in keyof D]: { type: T; data: D[T] } }[keyof D];

export type AnimaEvent = TurnEvent | PlayEvent | CardEvent | MissionEvent | SeatEvent;
export type AnimaEventType = AnimaEvent['type'];
/** The data of each event type (as its family declares it). */
export type AnimaEventData = { [T in AnimaEventType]: EventData<AnimaEvent, T> };

export const event = <T extends AnimaEventType>(type: T, data: AnimaEventData[T]): AnimaEvent => ({ type, data }) as AnimaEvent;
