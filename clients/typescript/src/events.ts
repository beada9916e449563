/**
 * Reading a match's events typed (CONTRACT §9.3): `isEvent(event, 'eden.first_player_determined')` narrows an
 * event of GET /v1/matches/{id}/events (or a feed) to that type, its `data` typed by the document's
 * schema of that event type.
 */
import type { GameEvent, GameEventOf } from './games.js';

/** Whether `event` is of type `type` (its `data` then has that type's schema). */
export function isEvent<T extends GameEvent['type']>(event: { type: string }, type: T): event is GameEventOf<T> {
  return event.type === type;
}
