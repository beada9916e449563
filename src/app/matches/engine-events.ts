/**
 * The rules engine's event types (`eden.*`, `anima.*`, `exsilium.*`, `soe.*`), each with its own
 * schema version and upcasters (CONTRACT §8.2: stored events are the game's facts and outlive
 * releases), as each game declares them in its entry (src/games/<game>/index.ts, `gameEvents`).
 * events.ts looks them up beside the generic `match.*` events.
 *
 * - The full-match events of every game are at version 1: their data is the TypeScript event type
 *   of the game's decider, with a JSON Schema generated from it (`npm run events:schemas` →
 *   src/games/<game>/match/events.schema.ts; it documents and tests the data, never checked by the
 *   fold); a type whose data changed since has its version and upcasters in the game's
 *   match/event-versions.ts (EDEN's attack events, Exsilium's combat: v2, the facts only).
 * - `<operation id>.resolved` (Ánima, Exsilium, The Spirit of Eden, src/kernel/resolution-log.ts) is
 *   at version 2 `{kind, request, dice}`, with a TypeBox schema (the request is the operation's
 *   body); v1 `{kind, request, result}` is upcast by `upcastResolutionV1`.
 * Changing an event's data: bump its `schemaVersion` and add `upcasters[old]` (data of the old
 * version → the next), as for `match.note`.
 */
import type { EventDefinition } from '../../kernel/event-definition.js';
import { GAME_REGISTRIES } from '../game-registry.js';

export const ENGINE_EVENTS: EventDefinition[] = GAME_REGISTRIES.events;

/** Event types the rules engine owns (written by commands only): each game's id and command prefix, then a dot. */
export const RESERVED_PREFIXES: string[] = GAME_REGISTRIES.reservedPrefixes;
